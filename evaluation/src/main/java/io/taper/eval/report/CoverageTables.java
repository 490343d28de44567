package io.taper.eval.report;

import io.taper.eval.plan.RunKind;
import io.taper.eval.plan.RunPlan;
import io.taper.eval.run.CoverageAgreementPass;
import io.taper.eval.run.RunRecord;
import io.taper.eval.run.TaperCommand;
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

    /** The cold-cache variant of the analysis: each run with a woven-class cache of its own, empty at the start. */
    static final String COLD = ANALYSIS + TaperCommand.VARIANT + TaperCommand.COLD_CACHE;

    static TextTable overhead(EvalData d) {
        boolean cold = d.workloads().stream().anyMatch(w -> !d.runs(w, COLD, RunKind.ADAPTIVE).isEmpty());
        boolean report = d.workloads().stream().anyMatch(w -> d.medianWholeSeconds(w, ANALYSIS, RunKind.JACOCO)
                .isPresent());
        List<String> header = new ArrayList<>(List.of("workload", "none [s]", "fixed ovh", "adaptive ovh"));
        if (cold) {
            header.add("adaptive cold ovh");
        }
        header.add("JaCoCo ovh");
        if (report) {
            header.add("JaCoCo+report ovh");
        }
        header.add("adaptive / JaCoCo");
        if (report) {
            header.add("adaptive / JaCoCo+report");
            if (cold) {
                header.add("adaptive cold / JaCoCo+report");
            }
        }
        header.add(cold ? "ok runs n/f/a/c/j" : "ok runs n/f/a/j");
        TextTable t = new TextTable("Coverage overhead: Taper and the JaCoCo agent", header);
        List<String> serving = ThroughputTables.servingWorkloads(d);
        // per column of factors (fixed, adaptive, cold, JaCoCo, JaCoCo+report): the workloads' values, for the means
        List<List<Double>> columns = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            columns.add(new ArrayList<>());
        }
        List<String> notBelow = new ArrayList<>();
        for (String w : d.workloads()) {
            OptionalDouble none = d.medianWallSeconds(w, ANALYSIS, RunKind.NONE);
            OptionalDouble f = OverheadTables.ratio(d.medianWallSeconds(w, ANALYSIS, RunKind.FIXED), none);
            OptionalDouble a = OverheadTables.ratio(d.medianWallSeconds(w, ANALYSIS, RunKind.ADAPTIVE), none);
            OptionalDouble c = OverheadTables.ratio(d.medianWallSeconds(w, COLD, RunKind.ADAPTIVE), none);
            OptionalDouble j = OverheadTables.ratio(d.medianWallSeconds(w, ANALYSIS, RunKind.JACOCO), none);
            OptionalDouble jr = OverheadTables.ratio(d.medianWholeSeconds(w, ANALYSIS, RunKind.JACOCO), none);
            // the headline: a first run (cold cache) against JaCoCo's agent and report, where both ran
            OptionalDouble headline = report ? OverheadTables.ratio(cold ? c : a, jr) : OverheadTables.ratio(a, j);
            boolean flagged = !serving.contains(w) && headline.isPresent() && headline.getAsDouble() >= 1;
            if (flagged) {
                notBelow.add(w);
            }
            List<String> row = new ArrayList<>(List.of(serving.contains(w) ? w + " ‡" : w,
                    Fmt.or(none, Fmt::seconds, d.missingCell(w, ANALYSIS, RunKind.NONE)),
                    Fmt.or(f, Fmt::factor, "–"), Fmt.or(a, Fmt::factor, "–")));
            if (cold) {
                row.add(Fmt.or(c, Fmt::factor, "–"));
            }
            row.add(Fmt.or(j, Fmt::factor, "–"));
            if (report) {
                row.add(Fmt.or(jr, Fmt::factor, "–"));
            }
            row.add(Fmt.or(OverheadTables.ratio(a, j), Fmt::factor, "–") + (flagged && !report ? " !" : ""));
            if (report) {
                row.add(Fmt.or(OverheadTables.ratio(a, jr), Fmt::factor, "–") + (flagged && !cold ? " !" : ""));
                if (cold) {
                    row.add(Fmt.or(OverheadTables.ratio(c, jr), Fmt::factor, "–") + (flagged ? " !" : ""));
                }
            }
            row.add(d.okCount(w, ANALYSIS, RunKind.NONE) + " " + d.okCount(w, ANALYSIS, RunKind.FIXED) + " "
                    + d.okCount(w, ANALYSIS, RunKind.ADAPTIVE) + (cold ? " " + d.okCount(w, COLD, RunKind.ADAPTIVE) : "")
                    + " " + d.okCount(w, ANALYSIS, RunKind.JACOCO));
            t.row(row);
            if (!serving.contains(w) && a.isPresent() && j.isPresent()) {
                List<OptionalDouble> cells = List.of(f, a, c, j, jr);
                for (int i = 0; i < cells.size(); i++) {
                    if (cells.get(i).isPresent()) {
                        columns.get(i).add(cells.get(i).getAsDouble());
                    }
                }
            }
        }
        if (!columns.get(1).isEmpty()) {
            List<OptionalDouble> g = new ArrayList<>();
            for (List<Double> column : columns) {
                g.add(Stats.geometricMean(column));
            }
            List<String> means = new ArrayList<>(List.of("geometric mean", "", Fmt.or(g.get(0), Fmt::factor, "–"),
                    Fmt.or(g.get(1), Fmt::factor, "–")));
            if (cold) {
                means.add(Fmt.or(g.get(2), Fmt::factor, "–"));
            }
            means.add(Fmt.or(g.get(3), Fmt::factor, "–"));
            if (report) {
                means.add(Fmt.or(g.get(4), Fmt::factor, "–"));
            }
            means.add(Fmt.or(OverheadTables.ratio(g.get(1), g.get(3)), Fmt::factor, "–"));
            if (report) {
                means.add(Fmt.or(OverheadTables.ratio(g.get(1), g.get(4)), Fmt::factor, "–"));
                if (cold) {
                    means.add(Fmt.or(OverheadTables.ratio(g.get(2), g.get(4)), Fmt::factor, "–"));
                }
            }
            means.add("");
            t.row(means);
        }
        t.note("Medians of wall time over the uninstrumented run's, all through the launcher (the JaCoCo run is `taper run"
                + " --mode none` with JaCoCo's agent, writing its .exec at exit). Geometric mean over the workloads with"
                + (columns.get(0).size() == columns.get(1).size() ? " all four" : " adaptive and JaCoCo runs")
                + ", request-serving ones (‡) left out.");
        if (report) {
            t.note("Whole commands: Taper's runs write coverage's .exec, XML and HTML; JaCoCo+report adds JaCoCo's own"
                    + " report step to its run (`jacococli report`, XML and HTML, over the class files the same round's"
                    + " Taper run reported on).");
        }
        if (cold) {
            t.note("Cold: each run with a woven-class cache of its own, empty at the start (`" + COLD + "`), as a"
                    + " program's first run after its classes changed.");
        }
        if (!notBelow.isEmpty()) {
            t.note("! Taper adaptive" + (cold && report ? " (cold)" : "") + " not below JaCoCo's agent"
                    + (report ? " plus its report" : "") + ": " + String.join(", ", notBelow) + ".");
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
