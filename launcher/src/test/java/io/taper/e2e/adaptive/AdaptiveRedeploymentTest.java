package io.taper.e2e.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Re-deployment through the same path as removal, driven by the analysis's own strategy
 * ({@code phase-redeploy}, from the analysis jar's META-INF/services): the removed snippet runs again
 * after it is restored, and a variant switch changes what it does.
 */
class AdaptiveRedeploymentTest {

    @TempDir
    Path tmp;

    @Test
    void aRestoredSnippetRunsAgainAndAVariantSwitchTakesEffect() throws Exception {
        Path jar = AdaptiveRuns.analysisJar(tmp);
        TaperProcess.Outcome run = AdaptiveRuns.run(jar, tmp.resolve("out"),
                List.of("--mode", "adaptive", "--controller", "phase-redeploy"), "Redeploy");
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals("true", AdaptiveRuns.printed(run, "removed"), run.stdout());
        assertEquals("0", AdaptiveRuns.printed(run, "removed delta"), "removed: 1,000 calls, no snippet");
        // on failure, the controller's counters say whether the step ran and how the retransformation went
        assertEquals("true", AdaptiveRuns.printed(run, "restored"), run.stdout() + run.stderr()
                + AdaptiveRuns.controllerStats(run));
        assertEquals("1000", AdaptiveRuns.printed(run, "restored delta"), "restored: the snippet runs on every call");
        assertEquals("true", AdaptiveRuns.printed(run, "switched"), run.stdout());
        assertEquals("2000", AdaptiveRuns.printed(run, "variant delta"), "the \"double\" variant counts 2 per call");

        Map<String, Object> c = AdaptiveRuns.controllerStats(run);
        assertEquals("phase-redeploy", c.get("strategy"));
        int hot = AdaptiveRuns.siteId(run, "Redeploy.hot");
        assertTrue(AdaptiveRuns.removedSites(c).contains(hot), c.toString());
        assertTrue(((Number) c.get("sitesRedeployed")).intValue() >= 1, c.toString());
        assertEquals(1.0, c.get("variantSwitches"));
        assertEquals(0.0, c.get("retransformFailures"));
    }
}
