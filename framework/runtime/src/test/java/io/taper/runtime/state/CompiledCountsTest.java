package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.testing.ForkedJvm;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The owner's counts stay exact in code C2 has compiled: the JIT folds what it takes for stable, so nothing the
 * counting code increments may be reachable as {@code @Stable} (an array field's elements are stable too: a folded
 * count loses every increment the compiled loop made from it).
 */
class CompiledCountsTest {

    @TempDir
    Path tmp;

    @Test
    void countsMadeByCompiledLoopsOnTheOwnersPathAreExact() throws Exception {
        Path classes = Paths.get(ThreadCounters.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path tests = Paths.get(CompiledCountsFixture.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ForkedJvm.Result r = ForkedJvm.of("-Xbootclasspath/a:" + classes, "-XX:-BackgroundCompilation",
                "-cp", tests.toString(), CompiledCountsFixture.class.getName())
            .run(tmp, "compiled-counts");
        assertEquals(0, r.exitCode(), r.output());
        Map<String, String> kv = r.keyValues();
        long calls = Long.parseLong(kv.get("calls"));
        assertEquals(calls, Long.parseLong(kv.get("entry")), r.output());
        assertEquals(calls + "," + calls / 2 + "," + calls / 2, kv.get("blocks"), r.output());
        assertEquals("2", kv.get("owned"), "the main thread owns both slots, so the loops took the owner's path");
        assertEquals("true", kv.get("sink"));
    }
}
