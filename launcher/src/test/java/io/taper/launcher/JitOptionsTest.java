package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The JIT options an instrumented JVM gets, each unless the program's own arguments set that flag. */
class JitOptionsTest {

    @Test
    void anInstrumentedJvmGetsAHighRecompilationCutoffAndNoSplitIf() {
        assertEquals(List.of("-XX:PerMethodRecompilationCutoff=100000", "-XX:-SplitIfBlocks"),
                RunLauncher.jitOptions(List.of("-Xmx1g", "-cp", "app.jar", "Main")));
    }

    @Test
    void theProgramsOwnCutoffWins() {
        assertEquals(List.of("-XX:-SplitIfBlocks"),
                RunLauncher.jitOptions(List.of("-XX:PerMethodRecompilationCutoff=50", "-jar", "a.jar")));
    }

    @Test
    void theProgramsOwnSplitIfWins() {
        assertEquals(List.of("-XX:PerMethodRecompilationCutoff=100000"),
                RunLauncher.jitOptions(List.of("-XX:+SplitIfBlocks", "-jar", "a.jar")));
        assertEquals(List.of(), RunLauncher.jitOptions(
                List.of("-XX:-SplitIfBlocks", "-XX:PerMethodRecompilationCutoff=400", "-jar", "a.jar")));
    }
}
