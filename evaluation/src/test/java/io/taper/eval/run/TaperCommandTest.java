package io.taper.eval.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.eval.plan.Preset;
import io.taper.eval.plan.RunKind;
import io.taper.eval.plan.RunSpec;
import io.taper.eval.plan.Workload;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaperCommandTest {

    private static final Workload W = new Workload("w", "cp", "Main", List.of(), List.of(), List.of(), true);

    @Test
    void instrumentedRunsGetTheEvaluationsCacheAndUninstrumentedOnesNone() {
        TaperCommand c = new TaperCommand(Path.of("taper"), List.of("-Xmx1g"), "sfa", false, null, "/tmp/c", null);
        assertEquals(List.of("taper", "run", "--analysis", "sfa", "--mode", "fixed", "--snapshot-interval", "0",
                "--cache", "/tmp/c", "--out", "/o", "--", "-Xmx1g", "-cp", "cp", "Main"),
            c.run(new RunSpec(W, "sfa", RunKind.FIXED, 1), Preset.CI, Path.of("/o")));
        assertEquals(List.of("taper", "run", "--analysis", "sfa", "--mode", "none", "--out", "/o", "--", "-Xmx1g",
                "-cp", "cp", "Main"), c.run(new RunSpec(W, "", RunKind.NONE, 1), Preset.CI, Path.of("/o")));
    }

    @Test
    void withoutACacheSettingTheLaunchersDefaultHolds() {
        TaperCommand c = new TaperCommand(Path.of("taper"), List.of(), "sfa");
        assertEquals(List.of("taper", "run", "--analysis", "sfa", "--mode", "adaptive", "--snapshot-interval", "0",
                "--out", "/o", "--", "-cp", "cp", "Main"),
            c.run(new RunSpec(W, "sfa", RunKind.ADAPTIVE, 1), Preset.CI, Path.of("/o")));
    }

    @Test
    void aVariantRunsItsAnalysisWithItsFlags() {
        TaperCommand c = new TaperCommand(Path.of("taper"), List.of(), TaperCommand.analysisOf("bytecode-count+contexts"));
        assertEquals(List.of("taper", "run", "--analysis", "bytecode-count", "--mode", "fixed", "--contexts",
                "--precise", "--snapshot-interval", "0", "--out", "/o", "--", "-cp", "cp", "Main"),
            c.run(new RunSpec(W, "bytecode-count+contexts+precise", RunKind.FIXED, 1), Preset.CI, Path.of("/o")));
        assertEquals(List.of("taper", "run", "--analysis", "bytecode-count", "--mode", "none", "--out", "/o", "--",
                "-cp", "cp", "Main"), c.run(new RunSpec(W, "", RunKind.NONE, 1), Preset.CI, Path.of("/o")));
        assertEquals(List.of(), TaperCommand.variantFlags("sfa"));
    }

    @Test
    void aColdCacheRunHasAnEmptyCacheOfItsOwnAndCoverageWritesItsReports() {
        TaperCommand c = new TaperCommand(Path.of("taper"), List.of(), "coverage", false, null, "/tmp/c", null);
        assertEquals(List.of("taper", "run", "--analysis", "coverage", "--mode", "adaptive", "--snapshot-interval", "0",
                "--cache", "/o/cold-cache", "--out", "/o", "--", "-cp", "cp", "Main"),
            c.run(new RunSpec(W, "coverage+cold-cache", RunKind.ADAPTIVE, 1), Preset.CI, Path.of("/o")));
        assertEquals(List.of("taper", "run", "--analysis", "coverage", "--mode", "fixed", "--snapshot-interval", "0",
                "--cache", "/tmp/c", "--out", "/o", "--", "-cp", "cp", "Main"),
            c.run(new RunSpec(W, "coverage", RunKind.FIXED, 1), Preset.CI, Path.of("/o")));
        assertEquals(true, TaperCommand.coldCache("coverage+precise+cold-cache"));
        assertEquals(false, TaperCommand.coldCache("coverage"));
    }

    @Test
    void jacocosReportStepWritesXmlAndHtmlOverTheGivenClassFiles() {
        TaperCommand c = new TaperCommand(Path.of("taper"), List.of(), "coverage", false, null, null,
            Path.of("/t/jacococli.jar"));
        assertEquals(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                "/t/jacococli.jar", "report", "/r/jacoco-agent.exec", "--classfiles", "/c/coverage-classes.jar", "--xml",
                "/r/rep/jacoco-report.xml", "--html", "/r/rep/jacoco-html", "--quiet"),
            c.jacocoReport(Path.of("/r/jacoco-agent.exec"), Path.of("/c/coverage-classes.jar"), Path.of("/r/rep")));
    }
}
