package io.taper.sample.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The project's own argLine reaches the forked test JVMs beside the agent's options. */
class ArgLineTest {

    @Test
    void projectOptionsArePassed() {
        assertEquals("bar", System.getProperty("foo"));
        long max = Runtime.getRuntime().maxMemory();
        assertTrue(max > 400L << 20 && max <= 512L << 20, "max heap " + max);
    }
}
