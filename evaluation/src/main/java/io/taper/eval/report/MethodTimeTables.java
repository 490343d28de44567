package io.taper.eval.report;

import io.taper.eval.plan.RunKind;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/**
 * Method-time analysis: locations and invocations avoided by adaptive instrumentation (the paper's
 * Table 4) and accuracy against the JDK Flight Recorder profile: match, sad and mad over the top 16
 * methods by inclusive time (Table 5).
 */
final class MethodTimeTables {

    /** The row field of running time, as profile-accuracy names what it ranked by. */
    static final String RUNNING = io.taper.result.ResultKeys.MethodRow.RUNNING_NANOS;

    private MethodTimeTables() {
    }

    static TextTable avoided(EvalData d, String analysis) {
        TextTable t = new TextTable("Locations and invocations avoided: " + analysis + " (paper Table 4)",
                List.of("workload", "fixed locations", "avoided locations", "avoided locations %",
                        "fixed invocations", "avoided invocations", "avoided invocations %"));
        for (String w : d.workloads()) {
            List<RunResult> fixed = d.results(w, analysis, RunKind.FIXED);
            List<RunResult> adaptive = d.results(w, analysis, RunKind.ADAPTIVE);
            if (fixed.isEmpty() && adaptive.isEmpty()) {
                t.row(List.of(w, d.missingCell(w, analysis, RunKind.FIXED), d.missingCell(w, analysis, RunKind.ADAPTIVE),
                        "–", "–", "–", "–"));
                continue;
            }
            OptionalDouble locations = median(fixed, r -> r.stat(RunResult.Stat.SITES_WOVEN));
            OptionalDouble removed = median(adaptive, RunResult::sitesTakenOut);
            OptionalDouble invocations = median(fixed, RunResult::invocations);
            OptionalDouble adaptiveInvocations = median(adaptive, RunResult::invocations);
            OptionalDouble avoided = invocations.isPresent() && adaptiveInvocations.isPresent()
                    ? OptionalDouble.of(invocations.getAsDouble() - adaptiveInvocations.getAsDouble())
                    : OptionalDouble.empty();
            t.row(List.of(w, Fmt.or(locations, Fmt::count, "–"), Fmt.or(removed, Fmt::count, "–"),
                    share(removed, locations), Fmt.or(invocations, Fmt::count, "–"), Fmt.or(avoided, Fmt::count, "–"),
                    share(avoided, invocations)));
        }
        t.note("Medians over the successful runs. Locations: sites woven in the fixed runs; avoided: sites the"
                + " adaptive controller removed or switched off. Invocations: the sum of the rows' completed calls; avoided ="
                + " fixed − adaptive.");
        return t;
    }

    static TextTable accuracy(EvalData d, String analysis) {
        TextTable t = new TextTable("Accuracy against JDK Flight Recorder: " + analysis + " (paper Table 5)",
                List.of("workload", "fixed match", "fixed sad", "fixed mad", "adaptive match", "adaptive sad",
                        "adaptive mad"));
        for (String w : d.workloads()) {
            List<Accuracy> fixed = accuracies(d, w, analysis, RunKind.FIXED);
            List<Accuracy> adaptive = accuracies(d, w, analysis, RunKind.ADAPTIVE);
            t.row(List.of(w, metric(fixed, Accuracy::match, Fmt::count), metric(fixed, Accuracy::sad, Fmt::count),
                    metric(fixed, Accuracy::mad, Fmt::oneDecimal),
                    metric(adaptive, Accuracy::match, Fmt::count), metric(adaptive, Accuracy::sad, Fmt::count),
                    metric(adaptive, Accuracy::mad, Fmt::oneDecimal)));
        }
        boolean running = false;
        for (String w : d.workloads()) {
            for (RunKind mode : List.of(RunKind.FIXED, RunKind.ADAPTIVE)) {
                for (Accuracy a : accuracies(d, w, analysis, mode)) {
                    running |= RUNNING.equals(a.rankedBy());
                }
            }
        }
        t.note("Top 16 methods by inclusive time in the JFR execution-sample profile of an uninstrumented run of"
                + " the same round: match = size of the overlap of the two top-16 sets, sad / mad = sum / mean"
                + (running ? " absolute rank difference. Results rank by running time (profile-accuracy's default view:"
                    + " the estimated inclusive time, a removed method's extrapolated, less the time its thread waited)."
                    : " absolute rank difference. Results rank by estimated inclusive time (adaptive: a removed"
                    + " method's extrapolated from its callers' later time), else by measured inclusive time.")
                + " Medians over the runs compared.");
        return t;
    }

    private static List<Accuracy> accuracies(EvalData d, String w, String analysis, RunKind mode) {
        return d.okRuns(w, analysis, mode).stream().map(d::accuracy).flatMap(Optional::stream).toList();
    }

    private static String metric(List<Accuracy> runs, ToDoubleFunction<Accuracy> value, DoubleFunction<String> f) {
        OptionalDouble m = Stats.median(runs.stream().map(a -> value.applyAsDouble(a)).toList());
        return Fmt.or(m, f, "–");
    }

    private static OptionalDouble median(List<RunResult> results,
                                         Function<RunResult, OptionalDouble> value) {
        return Stats.median(results.stream().map(value).filter(OptionalDouble::isPresent)
                .map(OptionalDouble::getAsDouble).toList());
    }

    private static String share(OptionalDouble part, OptionalDouble whole) {
        return part.isPresent() && whole.isPresent() && whole.getAsDouble() > 0
                ? Fmt.percent(part.getAsDouble() / whole.getAsDouble()) : "–";
    }
}
