package io.taper.launcher;

import io.taper.result.ResultFormat;
import io.taper.result.StartupPass;
import io.taper.result.ResultKeys;
import io.taper.result.ResultKeys.Controller;
import io.taper.result.ResultKeys.State;
import io.taper.result.ResultKeys.Stats;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The few lines printed after an instrumented run. */
final class RunSummary {

    private RunSummary() {
    }

    static void print(Map<String, Object> result, Path out, PrintStream ps) {
        @SuppressWarnings("unchecked")
        Map<String, Object> s = (Map<String, Object>) result.get(ResultKeys.STATS);
        List<?> rows = (List<?>) result.get(ResultKeys.ROWS);
        ps.printf("[taper] %s %s: exit %s, wall %s ms, %d rows%n", result.get(ResultKeys.ANALYSIS), result.get(ResultKeys.MODE),
                result.get(ResultKeys.EXIT_CODE), s.get(Stats.WALL_MILLIS), rows.size());
        ps.printf("[taper] classes: seen %s, woven %s, unchanged %s, failed %s, untransformed %s, hidden %s%n",
                n(s, "classesSeen"), n(s, "classesWoven"), n(s, "classesUnchanged"), n(s, "classesFailed"),
                n(s, "classesUntransformed"), n(s, "hiddenClasses"));
        Object switchedOff = s.get(Stats.CONTROLLER) instanceof Map<?, ?> ctl ? n(ctl, Controller.SITES_SWITCHED_OFF) : "-";
        ps.printf("[taper] sites: woven %s, active %s, re-woven without %s, switched off %s; retransformation batches %s%n",
                n(s, Stats.SITES_WOVEN), n(s, Stats.SITES_ACTIVE), n(s, Stats.SITES_REMOVED), switchedOff,
                n(s, Stats.RETRANSFORM_BATCHES));
        if (s.get(Stats.CLASS_LOAD_WAIT_MILLIS) instanceof Map<?, ?> waits && waits.get("count") instanceof Number loads) {
            ps.printf("[taper] start-up: premain %s ms; then %d class loads waited %s ms in Taper's transformer "
                    + "(p99 %s ms)%n", n(s, Stats.PREMAIN_MILLIS), loads.longValue(), wholeMillis(waits.get("total")),
                    waits.get("p99"));
        }
        if (s.get(Stats.STARTUP_PASS) instanceof Map<?, ?> pass) {
            ps.println(startupPass(pass, n(s, "startupClasses")));
        }
        if (s.get(Stats.SERVER) instanceof Map<?, ?> server && server.get("methodsKeptOriginal") instanceof Number kept
                && kept.intValue() > 0) {
            ps.printf("[taper] %d method(s) kept their original code (woven body too large), so they have no rows: %s%n",
                    kept.intValue(), server.get("keptOriginal"));
        }
        if (s.get(Stats.SERVER_PROBLEM) != null) {
            ps.printf("[taper] server: %s%n", s.get(Stats.SERVER_PROBLEM));
        }
        if (s.get("serverUnavailable") != null) {
            ps.printf("[taper] the agent lost the server: %s (classes loaded after that ran uninstrumented)%n",
                    s.get("serverUnavailable"));
        }
        if (s.get("agentError") != null) {
            ps.printf("[taper] agent: %s%n", s.get("agentError"));
        }
        Object controller = s.get(Stats.CONTROLLER);
        if (controller instanceof Map<?, ?> c && c.get("error") != null) {
            ps.printf("[taper] controller: %s (ran with fixed instrumentation)%n", c.get("error"));
        }
        if (controller instanceof Map<?, ?> c && c.get(Controller.BATCHES) instanceof Number batches
                && batches.longValue() > 0) {
            ps.print(controllerCalls(c));
        }
        if (controller instanceof Map<?, ?> c && c.get(Controller.AUDIT) instanceof Map<?, ?> audit) {
            ps.printf("[taper] audit: %s sites removed (kept running, checked), %s events at them, %s violations%n",
                    n(audit, "sitesAudited"), n(audit, "eventsAfterRemoval"), n(audit, "violations"));
            if (audit.get("first") instanceof List<?> first && !first.isEmpty() && first.get(0) instanceof Map<?, ?> v) {
                ps.printf("[taper] audit: first violation at %s.%s (site %s, %s): %s%n", v.get("class"), v.get("method"),
                        n(v, "site"), v.get("snippet"), v.get("change"));
            }
        }
        if (s.get(Stats.STATE) instanceof Map<?, ?> state && state.get(State.PEAK_BYTES) instanceof Number peak
                && peak.longValue() >= 0) {
            ps.printf("[taper] analysis state: peak %s of a %s budget%s%n", mib(peak), mib(state.get(State.BUDGET_BYTES)),
                    Boolean.TRUE.equals(state.get(State.BUDGET_REACHED))
                        ? ", reached after " + n(state, "budgetReachedAtMillis") + " ms: the analysis stopped growing "
                            + "its state from then on (see its README)" : "");
        }
        if (s.get("server") instanceof Map<?, ?> server && server.get("cache") instanceof Map<?, ?> cache
                && cache.get("hits") instanceof Number hits) {
            ps.printf("[taper] woven-class cache: %d classes served from it, %d woven afresh%s (%s)%n", hits.longValue(),
                    ((Number) cache.get("misses")).longValue(),
                    cache.get("corruptEntries") instanceof Number bad && bad.longValue() > 0
                        ? ", " + bad.longValue() + " damaged entries refused" : "", cache.get("directory"));
        }
        String ending = ProgramEnd.describe(result.get(ResultKeys.EXIT_CODE), s);
        if (ending != null) {
            ps.printf("[taper] %s%n", ending);
        }
        ps.printf("[taper] result: %s%n", out.resolve(ResultFormat.FILE));
    }

    /**
     * The controller's retransformation calls: their time, the weaving done before them, and the part of their time
     * the program stood still (absent where the safepoint counter could not be read).
     */
    static String controllerCalls(Map<?, ?> c) {
        StringBuilder b = new StringBuilder("[taper] controller: ").append(n(c, Controller.BATCHES))
            .append(" retransformation calls, ").append(wholeMillis(c.get(Controller.PAUSE_MILLIS))).append(" ms in them");
        if (c.get(Controller.AHEAD) instanceof Map<?, ?> ahead && ahead.get(Controller.AHEAD_READY) instanceof Number r
                && r.longValue() > 0) {
            b.append(" (").append(n(ahead, Controller.AHEAD_READY)).append(" of ").append(n(ahead, Controller.AHEAD_CLASSES))
                .append(" classes woven before them, in ").append(wholeMillis(ahead.get(Controller.AHEAD_MILLIS)))
                .append(" ms)");
        }
        if (c.get(Controller.STOPPED_MILLIS) instanceof Number && c.get(Controller.STOPPED_MILLIS_PER_BATCH)
                instanceof Map<?, ?> per) {
            b.append("; the program stood still ").append(n(c, Controller.STOPPED_MILLIS)).append(" ms (per call median ")
                .append(n(per, "median")).append(", max ").append(n(per, "max")).append(')');
        }
        return b.append(System.lineSeparator()).toString();
    }

    private static String wholeMillis(Object millis) {
        return millis instanceof Number m ? Long.toString(Math.round(m.doubleValue())) : "-";
    }

    private static String mib(Object bytes) {
        return bytes instanceof Number b ? String.format("%.1f MiB", b.doubleValue() / (1 << 20)) : "-";
    }

    private static Object n(Map<?, ?> s, String key) {
        Object v = s.get(key);
        if (v instanceof Double d && d == Math.rint(d)) {
            return d.longValue();
        }
        return v == null ? "-" : v;
    }

    /** The start-up pass's line: when it ran and, in the background, how far it got before the program ended. */
    static String startupPass(Map<?, ?> pass, Object classes) {
        String timing = String.valueOf(pass.get(Stats.STARTUP_PASS_TIMING));
        if (StartupPass.EAGER.key().equals(timing)) {
            return "[taper] start-up pass (eager): " + classes + " classes loaded before the agent, woven before main";
        }
        long left = pass.get(Stats.STARTUP_PASS_CLASSES_LEFT) instanceof Number n ? n.longValue() : 0;
        long end = pass.get(Stats.STARTUP_PASS_END_MILLIS) instanceof Number n ? n.longValue() : -1;
        return left == 0 && end >= 0
            ? "[taper] start-up pass (background): " + classes + " classes loaded before the agent, woven by "
                + end + " ms after premain began"
            : "[taper] start-up pass (background): the program ended first; " + left + " of " + classes
                + " classes loaded before the agent stayed unwoven (--startup-pass eager weaves them before main)";
    }
}
