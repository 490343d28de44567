package io.taper.eval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.eval.plan.RunKind;
import io.taper.eval.run.RunLog;
import io.taper.eval.run.RunRecord;
import io.taper.eval.run.RunStatus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Coverage against JaCoCo: the whole commands, JaCoCo's report step and the cold-cache variant beside warm. */
class CoverageTablesTest {

    private static RunRecord run(String analysis, RunKind mode, long wallMillis, long reportMillis) {
        return new RunRecord("w", analysis, mode, 1, RunStatus.OK, 0, wallMillis, -1, "out", "",
                "w/" + analysis + "/" + mode.id() + "-1", null, reportMillis);
    }

    private static EvalData data(List<RunRecord> runs) {
        return new EvalData(Path.of("unused"), new RunLog("ci", List.of(), "m", "t", List.of("w"), List.of(), runs));
    }

    @Test
    void coldAdaptiveIsHeldAgainstJacocosAgentPlusItsReport() {
        TextTable t = CoverageTables.overhead(data(List.of(
                run("", RunKind.NONE, 10_000, 0),
                run("coverage", RunKind.FIXED, 13_000, 0),
                run("coverage", RunKind.ADAPTIVE, 12_000, 0),
                run("coverage+cold-cache", RunKind.ADAPTIVE, 14_000, 0),
                run("coverage", RunKind.JACOCO, 13_000, 2_000))));
        assertEquals(List.of("workload", "none [s]", "fixed ovh", "adaptive ovh", "adaptive cold ovh", "JaCoCo ovh",
                "JaCoCo+report ovh", "adaptive / JaCoCo", "adaptive / JaCoCo+report", "adaptive cold / JaCoCo+report",
                "ok runs n/f/a/c/j"), t.header());
        assertEquals(List.of("w", "10.00", "1.30×", "1.20×", "1.40×", "1.30×", "1.50×", "0.92×", "0.80×", "0.93×",
                "1/1 1/1 1/1 1/1 1/1"), t.rows().get(0));
    }

    @Test
    void withoutAReportStepOrColdRunsTheTableIsTheAgentsAlone() {
        TextTable t = CoverageTables.overhead(data(List.of(
                run("", RunKind.NONE, 10_000, 0),
                run("coverage", RunKind.FIXED, 13_000, 0),
                run("coverage", RunKind.ADAPTIVE, 14_000, 0),
                run("coverage", RunKind.JACOCO, 13_000, 0))));
        assertEquals(List.of("workload", "none [s]", "fixed ovh", "adaptive ovh", "JaCoCo ovh", "adaptive / JaCoCo",
                "ok runs n/f/a/j"), t.header());
        assertEquals(List.of("w", "10.00", "1.30×", "1.40×", "1.30×", "1.08× !", "1/1 1/1 1/1 1/1"), t.rows().get(0));
        assertEquals("! Taper adaptive not below JaCoCo's agent: w.", t.notes().get(t.notes().size() - 1));
    }
}
