package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.testing.ForkedJvm;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MethodTimeResults#reset}: after a detach nothing of the session is reported, its samplers have ended, and the
 * next session numbers its methods from zero and starts samplers of its own ({@link ResetHarness} runs the sessions in
 * a JVM of their own, since the analysis's tables are the JVM's).
 */
class MethodTimeResetTest {

    @TempDir
    Path dir;

    @Test
    void theNextSessionSeesNothingOfTheOneBeforeAndStartsItsOwnSamplers() throws Exception {
        ForkedJvm.Result run = ForkedJvm.of("-cp", System.getProperty("java.class.path"), ResetHarness.class.getName())
            .run(dir);
        assertEquals(0, run.exitCode(), run.output());
        Map<String, String> r = run.keyValues();
        assertEquals("[0 p.First.a 200 true, 1 p.First.b 3 false]", r.get("first.rows"), run.output());
        assertEquals("1", r.get("first.removed"));
        assertEquals("2", r.get("first.methods"));
        assertEquals("1", r.get("first.sampled"));
        assertEquals("[taper-method-sampler, taper-thread-states]", r.get("first.samplers"));

        assertEquals("[]", r.get("reset.rows"), run.output());
        assertEquals("0", r.get("reset.removed"));
        assertEquals("0", r.get("reset.methods"));
        assertEquals("0", r.get("reset.sampled"));
        assertEquals("[]", r.get("reset.samplers"), "a reset ends the samplers");

        assertEquals("[0 p.Next.c 200 true, 1 p.Next.d 3 false]", r.get("next.rows"), run.output());
        assertEquals("1", r.get("next.removed"));
        assertEquals("2", r.get("next.methods"));
        assertEquals("1", r.get("next.sampled"));
        assertEquals("[taper-method-sampler, taper-thread-states]", r.get("next.samplers"), "started again");
    }
}
