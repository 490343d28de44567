package io.taper.eval.report;

import io.taper.eval.plan.RunKind;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Overhead factors and adaptive speedup per workload (the paper's Tables 3 and 6): median wall times of
 * the uninstrumented, fixed and adaptive runs, overhead = instrumented / uninstrumented, speedup =
 * fixed / adaptive; a geometric-mean row and a total row (sums of medians, as the paper's "Total").
 * Also the CPU time of the process tree and of the instrumentation server, which competes with the
 * workload for the cores.
 */
final class OverheadTables {

    /** Median wall seconds of one workload under one analysis. */
    record Overhead(String workload, OptionalDouble none, OptionalDouble fixed, OptionalDouble adaptive) {

        OptionalDouble fixedFactor() {
            return ratio(fixed, none);
        }

        OptionalDouble adaptiveFactor() {
            return ratio(adaptive, none);
        }

        OptionalDouble speedup() {
            return ratio(fixed, adaptive);
        }

        boolean complete() {
            return none.isPresent() && fixed.isPresent() && adaptive.isPresent();
        }
    }

    private OverheadTables() {
    }

    static List<Overhead> overheads(EvalData d, String analysis) {
        List<Overhead> out = new ArrayList<>();
        for (String w : d.workloads()) {
            out.add(new Overhead(w, d.medianWallSeconds(w, analysis, RunKind.NONE),
                    d.medianWallSeconds(w, analysis, RunKind.FIXED), d.medianWallSeconds(w, analysis, RunKind.ADAPTIVE)));
        }
        return out;
    }

    static TextTable wallTime(EvalData d, String analysis) {
        TextTable t = new TextTable("Overhead and speedup: " + analysis,
                List.of("workload", "none [s]", "fixed [s]", "fixed ovh", "adaptive [s]", "adaptive ovh", "speedup",
                        "ok runs n/f/a"));
        List<Overhead> all = overheads(d, analysis);
        List<String> serving = ThroughputTables.servingWorkloads(d);
        List<String> slower = new ArrayList<>();
        for (Overhead o : all) {
            String w = o.workload();
            // a serving workload's wall time is its fixed load: the throughput table flags it
            boolean flagged = !serving.contains(w) && o.speedup().isPresent() && o.speedup().getAsDouble() < 1;
            if (flagged) {
                slower.add(w);
            }
            t.row(List.of(serving.contains(w) ? w + " ‡" : w,
                    Fmt.or(o.none(), Fmt::seconds, d.missingCell(w, analysis, RunKind.NONE)),
                    Fmt.or(o.fixed(), Fmt::seconds, d.missingCell(w, analysis, RunKind.FIXED)),
                    Fmt.or(o.fixedFactor(), Fmt::factor, "–"),
                    Fmt.or(o.adaptive(), Fmt::seconds, d.missingCell(w, analysis, RunKind.ADAPTIVE)),
                    Fmt.or(o.adaptiveFactor(), Fmt::factor, "–"),
                    Fmt.or(o.speedup(), Fmt::factor, "–") + (flagged ? " !" : ""),
                    d.okCount(w, analysis, RunKind.NONE) + " " + d.okCount(w, analysis, RunKind.FIXED) + " "
                            + d.okCount(w, analysis, RunKind.ADAPTIVE)));
        }
        List<Overhead> complete = all.stream().filter(Overhead::complete).filter(o -> !serving.contains(o.workload()))
                .toList();
        if (!complete.isEmpty()) {
            t.row(List.of("geometric mean", "", "",
                    Fmt.or(geo(complete.stream().map(Overhead::fixedFactor).toList()), Fmt::factor, "–"), "",
                    Fmt.or(geo(complete.stream().map(Overhead::adaptiveFactor).toList()), Fmt::factor, "–"),
                    Fmt.or(geo(complete.stream().map(Overhead::speedup).toList()), Fmt::factor, "–"), ""));
            double none = complete.stream().mapToDouble(o -> o.none().getAsDouble()).sum();
            double fixed = complete.stream().mapToDouble(o -> o.fixed().getAsDouble()).sum();
            double adaptive = complete.stream().mapToDouble(o -> o.adaptive().getAsDouble()).sum();
            t.row(List.of("total", Fmt.seconds(none), Fmt.seconds(fixed), Fmt.factor(fixed / none),
                    Fmt.seconds(adaptive), Fmt.factor(adaptive / none), Fmt.factor(fixed / adaptive), ""));
        }
        t.note("Medians of the successful runs' wall time, measured by the harness around the whole launcher"
                + " (server start-up included). Geometric mean and total over the workloads with all three modes.");
        if (!serving.isEmpty()) {
            t.note("‡ Request-serving workloads (" + String.join(", ", serving) + ") run their load for a fixed time: their"
                    + " cost is in the throughput table, and they are left out of the geometric mean and total.");
        }
        if (!slower.isEmpty()) {
            t.note("! adaptive slower than fixed: " + String.join(", ", slower) + ".");
        }
        return t;
    }

    /** Each workload's overhead next to the peak size of the analysis's state in the observed JVM. */
    static TextTable peakState(EvalData d, String analysis) {
        TextTable t = new TextTable("Overhead and peak state: " + analysis,
                List.of("workload", "fixed ovh", "fixed peak state [MiB]", "adaptive ovh", "adaptive peak state [MiB]",
                        "state budget [MiB]", "budget reached f/a"));
        for (Overhead o : overheads(d, analysis)) {
            String w = o.workload();
            t.row(List.of(w,
                    Fmt.or(o.fixedFactor(), Fmt::factor, "–"),
                    Fmt.or(stateMiB(d, w, analysis, RunKind.FIXED, RunResult::peakStateBytes), OverheadTables::mib, "–"),
                    Fmt.or(o.adaptiveFactor(), Fmt::factor, "–"),
                    Fmt.or(stateMiB(d, w, analysis, RunKind.ADAPTIVE, RunResult::peakStateBytes), OverheadTables::mib, "–"),
                    Fmt.or(stateMiB(d, w, analysis, RunKind.FIXED, r -> r.stat(RunResult.Stat.STATE_BUDGET_BYTES)), OverheadTables::mib, "–"),
                    reached(d, w, analysis, RunKind.FIXED) + " " + reached(d, w, analysis, RunKind.ADAPTIVE)));
        }
        t.note("Peak state: the largest size the analysis reported for its state (stats.state.peakBytes) during a run,"
                + " median over the runs; the budget is --max-state (default 10% of the max heap). Budget reached: runs"
                + " in which the analysis stopped growing its state, of the runs.");
        return t;
    }

    private static OptionalDouble stateMiB(EvalData d, String w, String analysis, RunKind mode,
                                           Function<RunResult, OptionalDouble> bytes) {
        return Stats.median(d.results(w, analysis, mode).stream().map(bytes)
                .filter(OptionalDouble::isPresent).map(v -> v.getAsDouble() / (1 << 20)).toList());
    }

    private static String reached(EvalData d, String w, String analysis, RunKind mode) {
        List<RunResult> rs = d.results(w, analysis, mode);
        long n = rs.stream().filter(RunResult::stateBudgetReached).count();
        return n + "/" + rs.size();
    }

    private static String mib(double v) {
        return String.format(java.util.Locale.ROOT, "%.1f", v);
    }

    static TextTable cpuTime(EvalData d, String analysis) {
        TextTable t = new TextTable("CPU time: " + analysis,
                List.of("workload", "none tree [s]", "fixed tree [s]", "adaptive tree [s]", "none JVM [s]",
                        "fixed JVM [s]", "adaptive JVM [s]", "fixed server [s]", "adaptive server [s]"));
        for (String w : d.workloads()) {
            t.row(List.of(w,
                    Fmt.or(d.medianCpuSeconds(w, analysis, RunKind.NONE), Fmt::seconds, "–"),
                    Fmt.or(d.medianCpuSeconds(w, analysis, RunKind.FIXED), Fmt::seconds, "–"),
                    Fmt.or(d.medianCpuSeconds(w, analysis, RunKind.ADAPTIVE), Fmt::seconds, "–"),
                    Fmt.or(resultCpu(d, w, analysis, RunKind.NONE, r -> r.stat(RunResult.Stat.JVM_CPU_MILLIS)), Fmt::seconds, "–"),
                    Fmt.or(resultCpu(d, w, analysis, RunKind.FIXED, r -> r.stat(RunResult.Stat.JVM_CPU_MILLIS)), Fmt::seconds, "–"),
                    Fmt.or(resultCpu(d, w, analysis, RunKind.ADAPTIVE, r -> r.stat(RunResult.Stat.JVM_CPU_MILLIS)), Fmt::seconds,
                            "–"),
                    Fmt.or(resultCpu(d, w, analysis, RunKind.FIXED, r -> r.stat(RunResult.Stat.SERVER_CPU_MILLIS)), Fmt::seconds, "–"),
                    Fmt.or(resultCpu(d, w, analysis, RunKind.ADAPTIVE, r -> r.stat(RunResult.Stat.SERVER_CPU_MILLIS)), Fmt::seconds, "–")));
        }
        t.note("Medians of user + system CPU. Tree: the launcher's whole process tree (launcher, server, observed"
                + " JVM), measured by the harness. JVM and server: the observed JVM and the instrumentation server, as"
                + " reported in result.json stats, where present. The server competes with the workload for the cores.");
        return t;
    }

    private static OptionalDouble resultCpu(EvalData d, String w, String analysis, RunKind mode,
                                            Function<RunResult, OptionalDouble> millis) {
        return Stats.median(d.results(w, analysis, mode).stream().map(millis)
                .filter(OptionalDouble::isPresent).map(v -> v.getAsDouble() / 1000).toList());
    }

    private static OptionalDouble geo(List<OptionalDouble> values) {
        return Stats.geometricMean(values.stream().filter(OptionalDouble::isPresent)
                .map(OptionalDouble::getAsDouble).toList());
    }

    /** a / b, if both are there and b is positive. */
    static OptionalDouble ratio(OptionalDouble a, OptionalDouble b) {
        return a.isPresent() && b.isPresent() && b.getAsDouble() > 0
                ? OptionalDouble.of(a.getAsDouble() / b.getAsDouble()) : OptionalDouble.empty();
    }
}
