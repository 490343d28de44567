package io.taper.eval.report;

import io.taper.eval.plan.RunKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The content of report.md and report.html, built once: sections of tables (and, for HTML, charts)
 * in the order of the paper's evaluation. Analysis-specific sections appear only for analyses that
 * ran, and every cell degrades to "–" (or "failed" / "timeout") when its data is missing.
 */
final class ReportSections {

    /** A heading with its tables and inline SVG charts (the charts appear in HTML only). */
    record Section(String heading, List<TextTable> tables, List<String> charts) {
    }

    static final String METHOD_TIME = io.taper.eval.plan.RunPlan.METHOD_TIME;

    private ReportSections() {
    }

    static List<Section> build(EvalData d, Set<String> lossless) {
        List<Section> out = new ArrayList<>();
        List<String> analyses = d.analyses();
        List<TextTable> overhead = new ArrayList<>();
        List<String> bars = new ArrayList<>();
        for (String a : analyses) {
            overhead.add(OverheadTables.wallTime(d, a));
            overhead.add(OverheadTables.peakState(d, a));
            bars.add(SvgCharts.overheadBars("Overhead factor: " + a, OverheadTables.overheads(d, a)));
        }
        if (!overhead.isEmpty()) {
            out.add(new Section("Overhead and speedup (paper Tables 3 and 6)", overhead, bars));
            List<String> serving = ThroughputTables.servingWorkloads(d);
            if (!serving.isEmpty()) {
                List<String> charts = new ArrayList<>();
                List<RunKind> modes = List.of(RunKind.NONE, RunKind.FIXED, RunKind.ADAPTIVE);
                for (String a : analyses) {
                    for (String w : serving) {
                        charts.add(SvgCharts.throughputLines("Requests per second: " + w + ", " + a,
                                List.of("none", "fixed", "adaptive"),
                                modes.stream().map(m -> ThroughputTables.medianSeries(d, w, a, m)).toList()));
                    }
                }
                out.add(new Section("Throughput of request-serving workloads",
                        analyses.stream().map(a -> ThroughputTables.table(d, a)).toList(), charts));
            }
            out.add(new Section("CPU time", analyses.stream().map(a -> OverheadTables.cpuTime(d, a)).toList(), List.of()));
        }
        if (analyses.contains(SfaTables.ANALYSIS)) {
            String a = SfaTables.ANALYSIS;
            out.add(new Section("Stationary fields: completeness and accuracy (paper Tables 1 and 2)",
                    List.of(SfaTables.fixed(d, a), SfaTables.adaptiveDifference(d, a), SfaTables.fieldSets(d, a)),
                    List.of()));
        }
        if (analyses.contains(METHOD_TIME)) {
            out.add(new Section("Method time: completeness and accuracy (paper Tables 4 and 5)",
                    List.of(MethodTimeTables.avoided(d, METHOD_TIME), MethodTimeTables.accuracy(d, METHOD_TIME)),
                    List.of()));
        }
        if (analyses.contains(BytecodeCountTables.ANALYSIS)) {
            out.add(new Section("Bytecode counts: adaptive against fixed",
                    List.of(BytecodeCountTables.accuracy(d)), List.of()));
        }
        if (analyses.contains(CoverageTables.ANALYSIS)) {
            out.add(new Section("Coverage: Taper and the JaCoCo agent",
                    List.of(CoverageTables.overhead(d), CoverageTables.agreement(d)), List.of()));
        }
        List<TextTable> timelines = new ArrayList<>();
        List<String> timelineCharts = new ArrayList<>();
        for (String a : analyses) {
            timelines.add(RemovalTimeline.table(d, a));
            List<RemovalTimeline.Series> series = RemovalTimeline.series(d, a);
            if (!series.isEmpty()) {
                timelineCharts.add(SvgCharts.removalTimeline("Sites removed over time: " + a, series));
            }
        }
        if (!timelines.isEmpty()) {
            out.add(new Section("Adaptive removal timeline", timelines, timelineCharts));
            out.add(new Section("Result tables: adaptive vs fixed", List.of(TableAgreement.table(d, lossless)), List.of()));
        }
        out.add(new Section("Workload output", List.of(RunChecks.outputTable(d)), List.of()));
        TextTable audit = RunChecks.auditTable(d);
        if (!audit.rows().isEmpty()) {
            out.add(new Section("Audit of removals", List.of(audit), List.of()));
        }
        TextTable checks = new TextTable("Checks", List.of("problem"));
        RunChecks.problems(d, lossless).forEach(p -> checks.row(List.of(p)));
        if (checks.rows().isEmpty()) {
            checks.note("No problems: every run succeeded, every instrumented run has result rows, outputs agree"
                    + " and lossless analyses' adaptive tables equal the fixed ones (and, in audited runs, have no"
                    + " violations).");
        }
        out.add(new Section("Checks", List.of(checks), List.of()));
        TextTable failures = RunChecks.failureTable(d);
        if (!failures.rows().isEmpty()) {
            out.add(new Section("Failed and timed-out runs", List.of(failures), List.of()));
        }
        return out;
    }

    /** One line saying how the evaluation was run. */
    static String preamble(EvalData d) {
        var log = d.log();
        long ok = log.runs().stream().filter(r -> r.ok()).count();
        return "Preset " + log.preset() + ", started " + log.started() + ", " + log.machine() + ". JVM flags for every"
                + " configuration: " + String.join(" ", log.jvmFlags()) + ". Runs: " + log.runs().size() + " (" + ok
                + " ok).";
    }
}
