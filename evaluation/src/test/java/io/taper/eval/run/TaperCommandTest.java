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
        TaperCommand c = new TaperCommand(Path.of("taper"), List.of("-Xmx1g"), "sfa", false, null, "/tmp/c");
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
}
