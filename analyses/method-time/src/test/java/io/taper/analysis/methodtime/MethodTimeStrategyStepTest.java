package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.testing.ForkedJvm;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MethodTimeStrategy#step}: which methods a step removes and how their sites go, for each way of removing
 * ({@link StepHarness} runs the steps in a JVM of their own, since the strategy's tables are the JVM's).
 */
class MethodTimeStrategyStepTest {

    @TempDir
    Path dir;

    @Test
    void reweavingDisablesTheSitesOfEveryCheapMethod() throws Exception {
        Map<String, String> r = steps("how=retransform");
        assertEquals("[cheap]", r.get("step1.removed"), "costly: 2 ms a call; later: 10 calls");
        assertEquals("[11, 12]", r.get("step1.disabled"));
        assertEquals("[]", r.get("step1.switchedOff"));
        assertEquals("[cheap, later]", r.get("step2.removed"));
        assertEquals("[11, 12, 31, 32]", r.get("step2.disabled"));
        assertEquals("[]", r.get("step2.switchedOff"));
    }

    @Test
    void switchingSwitchesTheSitesOffAndDisablesNone() throws Exception {
        Map<String, String> r = steps("how=switch");
        assertEquals("[cheap]", r.get("step1.removed"));
        assertEquals("[]", r.get("step1.disabled"));
        assertEquals("[11, 12]", r.get("step1.switchedOff"));
        assertEquals("[cheap, later]", r.get("step2.removed"));
        assertEquals("[]", r.get("step2.disabled"));
        assertEquals("[11, 12, 31, 32]", r.get("step2.switchedOff"));
    }

    @Test
    void onceReweavesAClassAtItsFirstRemovalAndSwitchesOffTheRest() throws Exception {
        Map<String, String> r = steps("how=once");
        assertEquals("[cheap]", r.get("step1.removed"));
        assertEquals("[11, 12]", r.get("step1.disabled"), "the class's first removal re-weaves it");
        assertEquals("[]", r.get("step1.switchedOff"));
        assertEquals("[cheap, later]", r.get("step2.removed"));
        assertEquals("[11, 12]", r.get("step2.disabled"), "not re-woven again");
        assertEquals("[31, 32]", r.get("step2.switchedOff"), "later turned cheap in a re-woven class");
    }

    private Map<String, String> steps(String how) throws Exception {
        ForkedJvm.Result r = ForkedJvm.of("-cp", System.getProperty("java.class.path"),
                StepHarness.class.getName(), how).run(dir);
        assertEquals(0, r.exitCode(), r.output());
        return r.keyValues();
    }
}
