package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The recompilation cutoff an instrumented JVM gets, unless the program's own arguments set one. */
class JitOptionsTest {

    @Test
    void anInstrumentedJvmGetsAHighRecompilationCutoff() {
        assertEquals(List.of("-XX:PerMethodRecompilationCutoff=100000"),
                RunLauncher.jitOptions(List.of("-Xmx1g", "-cp", "app.jar", "Main")));
    }

    @Test
    void theProgramsOwnCutoffWins() {
        assertEquals(List.of(), RunLauncher.jitOptions(List.of("-XX:PerMethodRecompilationCutoff=50", "-jar", "a.jar")));
    }
}
