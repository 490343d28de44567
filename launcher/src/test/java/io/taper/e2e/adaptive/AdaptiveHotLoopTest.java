package io.taper.e2e.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A class retransformed 20 times while 4 threads run hot loops in it ({@code hot-toggle:20} removes and
 * restores one of its sites on alternate steps): no lost update at the site that stays deployed, no
 * deadlock, no verify error under {@code -Xverify:all}, no failed retransformation.
 */
class AdaptiveHotLoopTest {

    static final int ROUNDS = 20;

    @TempDir
    Path tmp;

    @Test
    void twentyRetransformationsUnderFourHotThreadsLoseNothing() throws Exception {
        Path jar = AdaptiveRuns.analysisJar(tmp);
        TaperProcess.Outcome run = AdaptiveRuns.run(jar, tmp.resolve("out"),
                List.of("--mode", "adaptive", "--controller", "hot-toggle:" + ROUNDS), "HotLoops", "" + ROUNDS);
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals(String.valueOf(ROUNDS), AdaptiveRuns.printed(run, "toggles"), run.stdout());
        assertEquals("true", AdaptiveRuns.printed(run, "joined"), "no deadlock");
        long calls = Long.parseLong(AdaptiveRuns.printed(run, "calls"));
        assertTrue(calls > 0);
        assertEquals(calls, AdaptiveRuns.executions(run, "HotLoops.inc"), "every call counted: no lost update");
        assertFalse(run.stderr().contains("VerifyError"), run.stderr());

        Map<String, Object> c = AdaptiveRuns.controllerStats(run);
        assertEquals((double) ROUNDS, c.get("batches"), c.toString());
        assertEquals((double) ROUNDS, c.get("classesRetransformed"));
        assertEquals(0.0, c.get("retransformFailures"));
        assertEquals(0.0, c.get("failedBatches"));
        assertEquals(0.0, c.get("stepErrors"));
        // every batch was woven by the server before its call, and the call took that answer: no round trip inside
        assertEquals(Map.of("classes", (double) ROUNDS, "ready", (double) ROUNDS, "used", (double) ROUNDS),
            withoutMillis(c.get("ahead")), c.toString());
        assertEquals(0.0, (double) c.get("weaveMillis"), 0.5 * ROUNDS, "the calls' own weaving: a fingerprint each");
        // what stopped the program: HotSpot's safepoint time around each call, readable through the agent's export
        assertTrue((double) c.get("stoppedMillis") >= 0, c.toString());
        assertEquals(ROUNDS, ((List<?>) c.get("batchLog")).stream()
            .filter(b -> ((Map<?, ?>) b).containsKey("stoppedMillis")).count(), "measured for every call");
        assertEquals(0.0, run.stats().get("classesFailed"), run.stats().toString());
    }

    private static Map<?, ?> withoutMillis(Object ahead) {
        Map<Object, Object> m = new java.util.HashMap<>((Map<?, ?>) ahead);
        m.remove("millis");
        return m;
    }
}
