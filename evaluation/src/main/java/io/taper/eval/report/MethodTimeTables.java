package io.taper.eval.report;

import io.taper.eval.plan.Mode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/**
 * Method-time analysis: locations and invocations avoided by adaptive instrumentation (the paper's
 * Table 4) and accuracy against the JDK Flight Recorder profile: match, sad and mad over the top 16
 * methods by inclusive time (Table 5).
 */
final class MethodTimeTables {

    private static final Set<String> MATCH = Set.of("match");
    private static final Set<String> SAD = Set.of("sad");
    private static final Set<String> MAD = Set.of("mad");

    private MethodTimeTables() {
    }

    static TextTable avoided(EvalData d, String analysis) {
        TextTable t = new TextTable("Locations and invocations avoided: " + analysis + " (paper Table 4)",
                List.of("workload", "fixed locations", "avoided locations", "avoided locations %",
                        "fixed invocations", "avoided invocations", "avoided invocations %"));
        for (String w : d.workloads()) {
            List<RunResult> fixed = d.results(w, analysis, Mode.FIXED);
            List<RunResult> adaptive = d.results(w, analysis, Mode.ADAPTIVE);
            if (fixed.isEmpty() && adaptive.isEmpty()) {
                t.row(List.of(w, d.missingCell(w, analysis, Mode.FIXED), d.missingCell(w, analysis, Mode.ADAPTIVE),
                        "–", "–", "–", "–"));
                continue;
            }
            OptionalDouble locations = median(fixed, r -> r.stat(RunResult.SITES_WOVEN));
            OptionalDouble removed = median(adaptive, RunResult::sitesTakenOut);
            OptionalDouble invocations = median(fixed, RunResult::invocations);
            OptionalDouble avoided = median(adaptive, r -> r.stat(RunResult.INVOCATIONS_AVOIDED));
            if (avoided.isEmpty()) {
                OptionalDouble adaptiveInvocations = median(adaptive, RunResult::invocations);
                if (invocations.isPresent() && adaptiveInvocations.isPresent()) {
                    avoided = OptionalDouble.of(invocations.getAsDouble() - adaptiveInvocations.getAsDouble());
                }
            }
            t.row(List.of(w, Fmt.or(locations, Fmt::count, "–"), Fmt.or(removed, Fmt::count, "–"),
                    share(removed, locations), Fmt.or(invocations, Fmt::count, "–"), Fmt.or(avoided, Fmt::count, "–"),
                    share(avoided, invocations)));
        }
        t.note("Medians over the successful runs. Locations: sites woven in the fixed runs; avoided: sites the"
                + " adaptive controller removed or switched off. Invocations: the analysis's reported total, else the sum of the"
                + " rows' invocation counts; avoided = fixed − adaptive unless the adaptive run reports it.");
        return t;
    }

    static TextTable accuracy(EvalData d, String analysis) {
        TextTable t = new TextTable("Accuracy against JDK Flight Recorder: " + analysis + " (paper Table 5)",
                List.of("workload", "fixed match", "fixed sad", "fixed mad", "adaptive match", "adaptive sad",
                        "adaptive mad"));
        for (String w : d.workloads()) {
            List<JsonFields> fixed = accuracies(d, w, analysis, Mode.FIXED);
            List<JsonFields> adaptive = accuracies(d, w, analysis, Mode.ADAPTIVE);
            t.row(List.of(w, metric(fixed, MATCH, Fmt::count), metric(fixed, SAD, Fmt::count),
                    metric(fixed, MAD, Fmt::oneDecimal),
                    metric(adaptive, MATCH, Fmt::count), metric(adaptive, SAD, Fmt::count),
                    metric(adaptive, MAD, Fmt::oneDecimal)));
        }
        t.note("Top 16 methods by inclusive time in the JFR execution-sample profile of an uninstrumented run of"
                + " the same round: match = size of the overlap of the two top-16 sets, sad / mad = sum / mean"
                + " absolute rank difference. Results rank by estimated inclusive time (adaptive: a removed"
                + " method's extrapolated from its callers' later time), else by measured inclusive time."
                + " Medians over the runs compared.");
        return t;
    }

    private static List<JsonFields> accuracies(EvalData d, String w, String analysis, Mode mode) {
        return d.okRuns(w, analysis, mode).stream().map(d::accuracy).flatMap(Optional::stream).toList();
    }

    private static String metric(List<JsonFields> runs, Set<String> name, DoubleFunction<String> f) {
        OptionalDouble m = Stats.median(runs.stream().map(a -> a.number(name))
                .filter(OptionalDouble::isPresent).map(OptionalDouble::getAsDouble).toList());
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
