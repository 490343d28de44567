package io.taper.eval.report;

import io.taper.eval.plan.RunKind;
import io.taper.eval.run.RunRecord;
import io.taper.eval.run.Throughput;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Request-serving workloads: steady-state throughput (the median one-second window of the last third of
 * a run, median over the runs) per mode against uninstrumented, and when adaptive mode's throughput
 * reached the uninstrumented steady state within {@value #SETTLED_PERCENT} %. A long-running server is
 * where removal must converge to uninstrumented speed, and its run time says nothing: the load runs for
 * a fixed time.
 */
final class ThroughputTables {

    static final int SETTLED_PERCENT = 10;

    private ThroughputTables() {
    }

    /** Workloads whose runs report throughput, in run order. */
    static List<String> servingWorkloads(EvalData d) {
        return d.workloads().stream()
                .filter(w -> d.all().stream().anyMatch(r -> r.workload().equals(w) && r.throughput() != null))
                .toList();
    }

    static OptionalDouble steady(EvalData d, String workload, String analysis, RunKind mode) {
        return Stats.median(throughputs(d, workload, analysis, mode).stream()
                .map(Throughput::steadyPerSecond).filter(OptionalDouble::isPresent)
                .map(OptionalDouble::getAsDouble).toList());
    }

    static TextTable table(EvalData d, String analysis) {
        TextTable t = new TextTable("Throughput: " + analysis,
                List.of("workload", "none [req/s]", "fixed [req/s]", "fixed ovh", "adaptive [req/s]", "adaptive ovh",
                        "adaptive within " + SETTLED_PERCENT + " % from", "windows"));
        for (String w : servingWorkloads(d)) {
            OptionalDouble none = steady(d, w, analysis, RunKind.NONE);
            OptionalDouble fixed = steady(d, w, analysis, RunKind.FIXED);
            OptionalDouble adaptive = steady(d, w, analysis, RunKind.ADAPTIVE);
            t.row(List.of(w,
                    Fmt.or(none, ThroughputTables::rate, d.missingCell(w, analysis, RunKind.NONE)),
                    Fmt.or(fixed, ThroughputTables::rate, d.missingCell(w, analysis, RunKind.FIXED)),
                    Fmt.or(OverheadTables.ratio(none, fixed), Fmt::factor, "–"),
                    Fmt.or(adaptive, ThroughputTables::rate, d.missingCell(w, analysis, RunKind.ADAPTIVE)),
                    Fmt.or(OverheadTables.ratio(none, adaptive), Fmt::factor, "–")
                            + (adaptive.isPresent() && fixed.isPresent() && adaptive.getAsDouble() < fixed.getAsDouble()
                            ? " !" : ""),
                    settled(d, w, analysis, none),
                    windows(d, w, analysis)));
        }
        t.note("Steady state: the median window of the last third of a run, in requests per second; median over the"
                + " runs. Overhead: uninstrumented steady throughput / instrumented. \"Within " + SETTLED_PERCENT
                + " % from\": the time (median over the adaptive runs) from which every window reached the"
                + " uninstrumented steady state less " + SETTLED_PERCENT + " %; \"not reached\" if a run ended below it."
                + " Windows: one-second windows of load per run (median). ! adaptive slower than fixed.");
        return t;
    }

    /** Requests per second of every window, per mode (medians over the runs), for the chart. */
    static List<double[]> medianSeries(EvalData d, String workload, String analysis, RunKind mode) {
        List<Throughput> ts = throughputs(d, workload, analysis, mode);
        int n = ts.stream().mapToInt(t -> t.requests().size()).min().orElse(0);
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int window = i;
            double seconds = (i + 1) * ts.get(0).windowMillis() / 1000.0;
            points.add(new double[] {seconds, Stats.median(ts.stream().map(t -> t.perSecond(window)).toList())
                    .orElse(0)});
        }
        return points;
    }

    private static List<Throughput> throughputs(EvalData d, String workload, String analysis, RunKind mode) {
        return d.okRuns(workload, analysis, mode).stream().map(RunRecord::throughput).filter(Objects::nonNull)
                .toList();
    }

    private static String settled(EvalData d, String w, String analysis, OptionalDouble none) {
        List<Throughput> runs = throughputs(d, w, analysis, RunKind.ADAPTIVE);
        if (none.isEmpty() || runs.isEmpty()) {
            return "–";
        }
        double target = none.getAsDouble() * (100 - SETTLED_PERCENT) / 100.0;
        List<Double> seconds = new ArrayList<>();
        for (Throughput t : runs) {
            OptionalInt from = t.reachesFrom(target);
            if (from.isEmpty()) {
                return "not reached";
            }
            seconds.add(from.getAsInt() * t.windowMillis() / 1000.0);
        }
        return Fmt.or(Stats.median(seconds), s -> String.format(java.util.Locale.ROOT, "%.0f s", s), "–");
    }

    private static String windows(EvalData d, String w, String analysis) {
        List<Double> n = new ArrayList<>();
        for (RunKind mode : List.of(RunKind.NONE, RunKind.FIXED, RunKind.ADAPTIVE)) {
            throughputs(d, w, analysis, mode).forEach(t -> n.add((double) t.requests().size()));
        }
        return Fmt.or(Stats.median(n), v -> Long.toString(Math.round(v)), "–");
    }

    private static String rate(double perSecond) {
        return Long.toString(Math.round(perSecond));
    }
}
