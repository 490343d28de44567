package io.taper.e2e.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's example strategy, taken verbatim from the README, compiled into a jar of its own and
 * named on the command line ({@code --controller after-warmup:300 --controller-path JAR}) is loaded and
 * used: after the warm-up it removes even the site of a method that never ran, which no built-in
 * strategy would.
 */
class AdaptiveUserStrategyTest {

    @TempDir
    Path tmp;

    /** The README's Java block that defines the example strategy. */
    static String readmeStrategy() throws IOException {
        String readme = Files.readString(TaperProcess.home().resolve("README.md"));
        int at = readme.indexOf("public final class AfterWarmup");
        if (at < 0) {
            throw new AssertionError("README.md no longer shows the AfterWarmup strategy");
        }
        int start = readme.lastIndexOf("```java\n", at) + "```java\n".length();
        int end = readme.indexOf("```", at);
        return readme.substring(start, end);
    }

    @Test
    void theReadmeStrategyFromItsOwnJarIsLoadedAndUsed() throws Exception {
        Path strategyJar = AdaptiveRuns.compileJar(tmp, "after-warmup.jar",
                Map.of("org.example.AfterWarmup", readmeStrategy()),
                Map.of("META-INF/services/io.taper.runtime.control.ControllerStrategy", "org.example.AfterWarmup\n"));
        Path jar = AdaptiveRuns.analysisJar(tmp);
        TaperProcess.Outcome run = AdaptiveRuns.run(jar, tmp.resolve("out"), List.of("--mode", "adaptive",
                "--controller", "after-warmup:300", "--controller-path", strategyJar.toString()),
                "PhaseChange", "warmup");
        assertEquals(0, run.exitCode(), run.stderr());

        Map<String, Object> c = AdaptiveRuns.controllerStats(run);
        assertEquals("after-warmup:300", c.get("strategy"));
        assertTrue(!c.containsKey("error"), c.toString());
        int never = AdaptiveRuns.siteId(run, "PhaseChange.neverCalled");
        assertTrue(AdaptiveRuns.removedSites(c).contains(never), "removed by the warm-up policy: " + c);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> removals = (List<Map<String, Object>>) c.get("removals");
        double at = removals.stream().filter(r -> ((Number) r.get("site")).intValue() == never)
                .mapToDouble(r -> ((Number) r.get("atMillis")).doubleValue()).findFirst().orElseThrow();
        assertTrue(at >= 300, "not before the warm-up ended: " + at);
        assertEquals(0L, AdaptiveRuns.executions(run, "PhaseChange.neverCalled"));
        assertEquals(0.0, c.get("retransformFailures"));
    }
}
