package io.taper.eval.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunPlanTest {

    private static final Workload A = new Workload("a", "cp", "A", List.of(), List.of(), List.of(), true);
    private static final Workload B = new Workload("b", "cp", "B", List.of(), List.of(), List.of(), true);

    @Test
    void roundsAreOutermostAndOneBaselineServesAllAnalyses() {
        List<RunSpec> plan = RunPlan.interleaved(List.of(A, B), List.of("sfa", "method-time"),
                List.of(RunKind.NONE, RunKind.FIXED, RunKind.ADAPTIVE), 2, true);
        assertEquals(List.of(
                "a none #1", "a jfr #1", "a sfa fixed #1", "a sfa adaptive #1", "a method-time fixed #1",
                "a method-time adaptive #1",
                "b none #1", "b jfr #1", "b sfa fixed #1", "b sfa adaptive #1", "b method-time fixed #1",
                "b method-time adaptive #1",
                "a none #2", "a jfr #2", "a sfa fixed #2", "a sfa adaptive #2", "a method-time fixed #2",
                "a method-time adaptive #2",
                "b none #2", "b jfr #2", "b sfa fixed #2", "b sfa adaptive #2", "b method-time fixed #2",
                "b method-time adaptive #2"),
                plan.stream().map(RunSpec::label).toList());
    }

    @Test
    void jfrRunsOnlyForMethodTimeAndOnlyWhenWanted() {
        assertEquals(List.of("a none #1", "a sfa fixed #1", "a sfa adaptive #1"),
                RunPlan.interleaved(List.of(A), List.of("sfa"), List.of(RunKind.NONE, RunKind.FIXED, RunKind.ADAPTIVE), 1, true)
                        .stream().map(RunSpec::label).toList());
        assertEquals(List.of("a method-time adaptive #1"),
                RunPlan.interleaved(List.of(A), List.of("method-time"), List.of(RunKind.ADAPTIVE), 1, false)
                        .stream().map(RunSpec::label).toList());
    }

    @Test
    void jacocoRunsFollowCoverageOnlyAndOnlyWhenWanted() {
        List<RunKind> all = List.of(RunKind.NONE, RunKind.FIXED, RunKind.ADAPTIVE);
        assertEquals(List.of("a none #1", "a sfa fixed #1", "a sfa adaptive #1", "a coverage fixed #1",
                        "a coverage adaptive #1", "a coverage jacoco #1"),
                RunPlan.interleaved(List.of(A), List.of("sfa", "coverage"), all, 1, true, true)
                        .stream().map(RunSpec::label).toList());
        assertEquals(List.of("a none #1", "a coverage fixed #1", "a coverage adaptive #1"),
                RunPlan.interleaved(List.of(A), List.of("coverage"), all, 1, true, false)
                        .stream().map(RunSpec::label).toList());
        assertEquals("a/coverage/jacoco-1", RunPlan.interleaved(List.of(A), List.of("coverage"), List.of(), 1, true, true)
                .get(0).dirName());
    }

    @Test
    void aCoverageVariantHasTheJacocoRunOncePerRound() {
        assertEquals(List.of("a coverage+cold-cache adaptive #1", "a coverage jacoco #1", "a coverage adaptive #1"),
                RunPlan.interleaved(List.of(A), List.of("coverage+cold-cache", "coverage"), List.of(RunKind.ADAPTIVE),
                        1, true, true).stream().map(RunSpec::label).toList());
    }

    @Test
    void directoriesAreUniquePerRun() {
        List<RunSpec> plan = RunPlan.interleaved(List.of(A), List.of("sfa", "method-time"),
                List.of(RunKind.NONE, RunKind.FIXED, RunKind.ADAPTIVE), 1, true);
        assertEquals(List.of("a/none-1", "a/jfr-1", "a/sfa/fixed-1", "a/sfa/adaptive-1", "a/method-time/fixed-1",
                "a/method-time/adaptive-1"), plan.stream().map(RunSpec::dirName).toList());
    }
}
