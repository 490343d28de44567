package io.taper.eval.report;

import io.taper.eval.plan.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

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
            out.add(new Overhead(w, d.medianWallSeconds(w, analysis, Mode.NONE),
                    d.medianWallSeconds(w, analysis, Mode.FIXED), d.medianWallSeconds(w, analysis, Mode.ADAPTIVE)));
        }
        return out;
    }

    static TextTable wallTime(EvalData d, String analysis) {
        TextTable t = new TextTable("Overhead and speedup: " + analysis,
                List.of("workload", "none [s]", "fixed [s]", "fixed ovh", "adaptive [s]", "adaptive ovh", "speedup",
                        "ok runs n/f/a"));
        List<Overhead> all = overheads(d, analysis);
        for (Overhead o : all) {
            String w = o.workload();
            t.row(List.of(w,
                    Fmt.or(o.none(), Fmt::seconds, d.missingCell(w, analysis, Mode.NONE)),
                    Fmt.or(o.fixed(), Fmt::seconds, d.missingCell(w, analysis, Mode.FIXED)),
                    Fmt.or(o.fixedFactor(), Fmt::factor, "–"),
                    Fmt.or(o.adaptive(), Fmt::seconds, d.missingCell(w, analysis, Mode.ADAPTIVE)),
                    Fmt.or(o.adaptiveFactor(), Fmt::factor, "–"),
                    Fmt.or(o.speedup(), Fmt::factor, "–"),
                    d.okCount(w, analysis, Mode.NONE) + " " + d.okCount(w, analysis, Mode.FIXED) + " "
                            + d.okCount(w, analysis, Mode.ADAPTIVE)));
        }
        List<Overhead> complete = all.stream().filter(Overhead::complete).toList();
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
        return t;
    }

    static TextTable cpuTime(EvalData d, String analysis) {
        TextTable t = new TextTable("CPU time: " + analysis,
                List.of("workload", "none cpu [s]", "fixed cpu [s]", "adaptive cpu [s]", "fixed server cpu [s]",
                        "adaptive server cpu [s]"));
        for (String w : d.workloads()) {
            t.row(List.of(w,
                    Fmt.or(d.medianCpuSeconds(w, analysis, Mode.NONE), Fmt::seconds, "–"),
                    Fmt.or(d.medianCpuSeconds(w, analysis, Mode.FIXED), Fmt::seconds, "–"),
                    Fmt.or(d.medianCpuSeconds(w, analysis, Mode.ADAPTIVE), Fmt::seconds, "–"),
                    Fmt.or(serverCpu(d, w, analysis, Mode.FIXED), Fmt::seconds, "–"),
                    Fmt.or(serverCpu(d, w, analysis, Mode.ADAPTIVE), Fmt::seconds, "–")));
        }
        t.note("User + system CPU of the launcher's process tree (launcher, server, observed JVM); server CPU as"
                + " reported in result.json stats, where present.");
        return t;
    }

    private static OptionalDouble serverCpu(EvalData d, String w, String analysis, Mode mode) {
        return Stats.median(d.results(w, analysis, mode).stream().map(RunResult::serverCpuMillis)
                .filter(OptionalDouble::isPresent).map(v -> v.getAsDouble() / 1000).toList());
    }

    private static OptionalDouble geo(List<OptionalDouble> values) {
        return Stats.geometricMean(values.stream().filter(OptionalDouble::isPresent)
                .map(OptionalDouble::getAsDouble).toList());
    }

    private static OptionalDouble ratio(OptionalDouble a, OptionalDouble b) {
        return a.isPresent() && b.isPresent() && b.getAsDouble() > 0
                ? OptionalDouble.of(a.getAsDouble() / b.getAsDouble()) : OptionalDouble.empty();
    }
}
