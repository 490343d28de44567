package io.taper.eval.report;

import io.taper.eval.plan.RunKind;
import io.taper.eval.plan.RunPlan;
import io.taper.eval.run.CoverageAgreementPass;
import io.taper.eval.run.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The coverage analysis against the JaCoCo agent, the tool people use for it: overhead side by side (JaCoCo's runs go
 * through the same launcher, uninstrumented by Taper), and where the covered lines and branches differ.
 */
final class CoverageTables {

    static final String ANALYSIS = RunPlan.COVERAGE;

    private CoverageTables() {
    }

    static TextTable overhead(EvalData d) {
        TextTable t = new TextTable("Coverage overhead: Taper and the JaCoCo agent",
                List.of("workload", "none [s]", "fixed ovh", "adaptive ovh", "JaCoCo ovh", "adaptive / JaCoCo",
                        "ok runs n/f/a/j"));
        List<String> serving = ThroughputTables.servingWorkloads(d);
        List<Double> fixed = new ArrayList<>();
        List<Double> adaptive = new ArrayList<>();
        List<Double> jacoco = new ArrayList<>();
        List<String> notBelow = new ArrayList<>();
        for (String w : d.workloads()) {
            OptionalDouble none = d.medianWallSeconds(w, ANALYSIS, RunKind.NONE);
            OptionalDouble f = OverheadTables.ratio(d.medianWallSeconds(w, ANALYSIS, RunKind.FIXED), none);
            OptionalDouble a = OverheadTables.ratio(d.medianWallSeconds(w, ANALYSIS, RunKind.ADAPTIVE), none);
            OptionalDouble j = OverheadTables.ratio(d.medianWallSeconds(w, ANALYSIS, RunKind.JACOCO), none);
            OptionalDouble aj = OverheadTables.ratio(a, j);
            boolean flagged = !serving.contains(w) && aj.isPresent() && aj.getAsDouble() >= 1;
            if (flagged) {
                notBelow.add(w);
            }
            t.row(List.of(serving.contains(w) ? w + " ‡" : w, Fmt.or(none, Fmt::seconds, d.missingCell(w, ANALYSIS, RunKind.NONE)),
                    Fmt.or(f, Fmt::factor, "–"), Fmt.or(a, Fmt::factor, "–"), Fmt.or(j, Fmt::factor, "–"),
                    Fmt.or(aj, Fmt::factor, "–") + (flagged ? " !" : ""),
                    d.okCount(w, ANALYSIS, RunKind.NONE) + " " + d.okCount(w, ANALYSIS, RunKind.FIXED) + " "
                            + d.okCount(w, ANALYSIS, RunKind.ADAPTIVE) + " " + d.okCount(w, ANALYSIS, RunKind.JACOCO)));
            if (!serving.contains(w) && f.isPresent() && a.isPresent() && j.isPresent()) {
                fixed.add(f.getAsDouble());
                adaptive.add(a.getAsDouble());
                jacoco.add(j.getAsDouble());
            }
        }
        if (!fixed.isEmpty()) {
            OptionalDouble ga = Stats.geometricMean(adaptive);
            OptionalDouble gj = Stats.geometricMean(jacoco);
            t.row(List.of("geometric mean", "", Fmt.or(Stats.geometricMean(fixed), Fmt::factor, "–"),
                    Fmt.or(ga, Fmt::factor, "–"), Fmt.or(gj, Fmt::factor, "–"),
                    Fmt.or(OverheadTables.ratio(ga, gj), Fmt::factor, "–"), ""));
        }
        t.note("Medians of wall time over the uninstrumented run's, all through the launcher (the JaCoCo run is `taper run"
                + " --mode none` with JaCoCo's agent, writing its .exec at exit). Geometric mean over the workloads with all"
                + " four, request-serving ones (‡) left out.");
        if (!notBelow.isEmpty()) {
            t.note("! Taper adaptive not below JaCoCo: " + String.join(", ", notBelow) + ".");
        }
        return t;
    }

    static TextTable agreement(EvalData d) {
        TextTable t = new TextTable("Coverage against the JaCoCo agent (same workload, same round)",
                List.of("workload", "mode", "classes compared", "lines compared", "classes differing", "lines differing",
                        "first differences"));
        for (String w : d.workloads()) {
            for (RunKind mode : List.of(RunKind.FIXED, RunKind.ADAPTIVE)) {
                List<CoverageAgreement> all = new ArrayList<>();
                for (RunRecord r : d.okRuns(w, ANALYSIS, mode)) {
                    read(d, r).ifPresent(all::add);
                }
                if (d.runs(w, ANALYSIS, mode).isEmpty()) {
                    continue;
                }
                if (all.isEmpty()) {
                    t.row(List.of(w, mode.id(), "–", "–", "–", "–", ""));
                    continue;
                }
                t.row(List.of(w, mode.id(), range(all, CoverageAgreement::classesCompared),
                        range(all, CoverageAgreement::linesCompared), range(all, CoverageAgreement::classesDiffering),
                        range(all, CoverageAgreement::linesDiffering),
                        String.join("; ", all.get(0).firstDifferences().stream().limit(3).toList())));
            }
        }
        t.note("taper coverage-diff of each coverage run against the JaCoCo agent's .exec of the same round, both analysed"
                + " by JaCoCo's analyser against the class files the Taper run wove: classes whose covered instructions or"
                + " branches differ, source lines covered in one and not the other or with other covered branches."
                + " Ranges over the rounds.");
        return t;
    }

    private static Optional<CoverageAgreement> read(EvalData d, RunRecord r) {
        return CoverageAgreement.read(d.outDir().resolve(r.runDir()).resolve(CoverageAgreementPass.FILE));
    }

    private static String range(List<CoverageAgreement> all, java.util.function.ToIntFunction<CoverageAgreement> f) {
        int min = all.stream().mapToInt(f).min().orElse(0);
        int max = all.stream().mapToInt(f).max().orElse(0);
        return min == max ? Integer.toString(min) : min + "–" + max;
    }
}
