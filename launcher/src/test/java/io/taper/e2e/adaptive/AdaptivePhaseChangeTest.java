package io.taper.e2e.adaptive;

import static io.taper.e2e.adaptive.AdaptiveRuns.SNIPPETS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program with a known phase change under {@code periodic:50}: once {@code hot} is covered its site is
 * dead, the controller switches it off, and from then on its snippet provably never runs (the counter freezes)
 * while the coverage table equals the fixed run's. The removal takes effect without a retransformation: the
 * class is woven once, and its code asks the site's switch.
 */
class AdaptivePhaseChangeTest {

    @TempDir
    Path tmp;

    @Test
    void theRemovedSnippetNeverRunsAgainAndTheTableEqualsTheFixedRun() throws Exception {
        Path jar = AdaptiveRuns.analysisJar(tmp);
        TaperProcess.Outcome fixed = AdaptiveRuns.run(jar, tmp.resolve("fixed"), List.of("--mode", "fixed"),
                "PhaseChange", "fixed");
        assertEquals(0, fixed.exitCode(), fixed.stderr());
        assertEquals("-1", AdaptiveRuns.printed(fixed, "executions at removal"), "fixed: the snippet never stops");
        assertEquals(Long.parseLong(AdaptiveRuns.printed(fixed, "hot calls")),
                AdaptiveRuns.executions(fixed, "PhaseChange.hot"), "fixed: every call observed");

        Path dump = tmp.resolve("dump");
        TaperProcess.Outcome adaptive = AdaptiveRuns.run(jar, tmp.resolve("adaptive"), List.of("--mode", "adaptive",
                "--controller", "periodic:50", "--dump", dump.toString()), "PhaseChange", "adaptive");
        assertEquals(0, adaptive.exitCode(), adaptive.stderr());

        // The counter froze: at the moment the program saw the snippet stop, and 5,000 calls later. The site is dead
        // from its first call on, so a step may remove it before phase 1's 1,000 calls end (a descheduled thread).
        long atRemoval = Long.parseLong(AdaptiveRuns.printed(adaptive, "executions at removal"));
        assertTrue(atRemoval >= 1, "phase 1 was observed: " + atRemoval);
        assertTrue(Long.parseLong(AdaptiveRuns.printed(adaptive, "hot calls")) >= atRemoval + 5_000);
        assertEquals(String.valueOf(atRemoval), AdaptiveRuns.printed(adaptive, "final executions"));
        assertEquals(atRemoval, AdaptiveRuns.executions(adaptive, "PhaseChange.hot"));

        // The controller says why: hot's site was removed, confirmed from the woven code, without failures.
        Map<String, Object> c = AdaptiveRuns.controllerStats(adaptive);
        assertEquals("periodic:50", c.get("strategy"));
        assertTrue(AdaptiveRuns.removedSites(c).contains(AdaptiveRuns.siteId(adaptive, "PhaseChange.hot")), c.toString());
        assertTrue(!AdaptiveRuns.removedSites(c).contains(AdaptiveRuns.siteId(adaptive, "PhaseChange.neverCalled")),
                "a site that never ran is not dead");
        assertEquals(0.0, c.get("retransformFailures"));
        assertEquals(0.0, c.get("stepErrors"));
        assertEquals(0.0, c.get("batches"), "switched off where it stands: " + c);
        assertEquals(0.0, c.get("classesRetransformed"));
        assertTrue(((Number) c.get("sitesSwitchedOff")).intValue() >= 1, c.toString());

        // The class was woven once (never redefined); hot calls the snippet's switched entry, which asks the switch.
        Path dir = dump.resolve("io/taper/e2e/adaptive/fixtures");
        assertTrue(Files.exists(dir.resolve("PhaseChange.woven.1.class")));
        assertFalse(Files.exists(dir.resolve("PhaseChange.woven.2.class")), "not re-woven");
        Map<String, List<String>> woven = AdaptiveRuns.staticCalls(dir.resolve("PhaseChange.woven.class"));
        assertTrue(woven.get("hot").stream().anyMatch(o -> o.startsWith(SNIPPETS + ".") && o.endsWith("$taper$switched")),
                woven.toString());

        assertEquals(fixed.rows(), adaptive.rows(), "the coverage table of the adaptive run equals the fixed run's");
        assertTrue(fixed.rows().stream().anyMatch(r -> "hot".equals(r.get("method")) && Boolean.TRUE.equals(r.get("covered"))));
        assertTrue(fixed.rows().stream().anyMatch(r -> "neverCalled".equals(r.get("method"))
                && Boolean.FALSE.equals(r.get("covered"))));
    }
}
