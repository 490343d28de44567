package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CountersTest {

    @Test
    void countsExactlyPerSlotAcrossChunks() {
        Counters c = new Counters();
        c.inc(0);
        c.inc(0);
        c.add(1023, 5);
        c.add(1024, 7);
        c.inc(70_000);
        assertEquals(2, c.get(0));
        assertEquals(5, c.get(1023));
        assertEquals(7, c.get(1024));
        assertEquals(1, c.get(70_000));
        assertEquals(0, c.get(1), "untouched slot");
        assertEquals(0, c.get(5_000_000), "slot beyond any chunk reads as 0 without allocating");
        assertEquals(7L, c.valueAt(1024));
        assertFalse(c.isTerminal(0), "a counter is never terminal");
    }

    @Test
    void negativeSlotIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Counters().inc(-1));
    }

    @Test
    void noLostUpdatesWithFourThreadsOnSharedAndNewSlots() throws InterruptedException {
        Counters c = new Counters();
        int perThread = 250_000;
        Concurrently.run(4, t -> {
            for (int i = 0; i < perThread; i++) {
                c.inc(7);
                c.inc(2048 + (i & 3));       // four slots in a chunk created concurrently
                c.add(10_000 + t, 2);
            }
        });
        assertEquals(4L * perThread, c.get(7));
        for (int k = 0; k < 4; k++) {
            assertEquals(perThread, c.get(2048 + k));
            assertEquals(2L * perThread, c.get(10_000 + k));
        }
    }
}
