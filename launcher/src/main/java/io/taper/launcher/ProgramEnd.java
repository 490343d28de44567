package io.taper.launcher;

import java.util.Map;

/** Says how the observed program ended when that explains missing or partial results. */
final class ProgramEnd {

    private static final Map<Integer, String> SIGNALS = Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT", 6, "SIGABRT",
        9, "SIGKILL", 11, "SIGSEGV", 15, "SIGTERM");

    private ProgramEnd() {
    }

    /**
     * @param exitCode the observed JVM's exit status (a number, as result.json holds it)
     * @param stats    result.json's {@code stats}: {@code agentResultMissing}, {@code programEnd}
     *                 ({@link EndWatch#ending}) and {@code results} ({@link ResultWriter#resultsAge})
     * @return a sentence, or null when the program ended normally with its final results
     */
    static String describe(Object exitCode, Map<?, ?> stats) {
        int code = exitCode instanceof Number n ? n.intValue() : 0;
        String signal = code > 128 && code < 160 ? signalName(code - 128) : null;
        boolean missing = stats.get("agentResultMissing") != null;
        Map<?, ?> end = stats.get("programEnd") instanceof Map<?, ?> m ? m : Map.of();
        Map<?, ?> results = stats.get("results") instanceof Map<?, ?> m ? m : Map.of();
        boolean oom = Boolean.TRUE.equals(end.get("outOfMemory"));
        Object crash = end.get("crashReport");
        boolean snapshot = Boolean.FALSE.equals(results.get("final"));
        if (signal == null && !missing && !oom && crash == null && !snapshot) {
            return null;
        }
        StringBuilder b = new StringBuilder("the program ");
        if (crash != null) {
            b.append("crashed the JVM (exit status ").append(code).append("; its error report: ").append(crash).append(')');
        } else if (signal != null) {
            b.append("was killed by ").append(signal).append(" (exit status ").append(code).append(')');
        } else {
            b.append("exited with status ").append(code);
        }
        if (oom) {
            b.append(" after running out of heap (the JVM threw an OutOfMemoryError)");
        }
        if (missing) {
            b.append("; the agent wrote no results (the JVM ended before its first snapshot and without running its "
                + "shutdown hooks), so there are no rows");
        } else if (snapshot) {
            b.append("; the results are the agent's last snapshot");
            if (results.get("ageMillis") instanceof Number age) {
                b.append(", taken ").append(age.longValue()).append(" ms before the program ended");
            }
            b.append(" (the agent could not write its results at exit)");
        }
        return b.toString();
    }

    static String signalName(int signal) {
        String name = SIGNALS.get(signal);
        return name == null ? "signal " + signal : name + " (signal " + signal + ")";
    }
}
