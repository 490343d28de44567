package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ThreadSlotsTest {

    @Test
    void eachThreadHasItsOwnStableSlot() throws InterruptedException {
        ThreadSlots slots = new ThreadSlots();
        Counters perThread = new Counters();
        int[] mine = new int[4];
        Concurrently.run(4, t -> {
            mine[t] = slots.slot();
            for (int i = 0; i < 100_000; i++) {
                perThread.inc(slots.slot());
            }
            assertEquals(mine[t], slots.slot());
        });
        Set<Integer> distinct = new HashSet<>();
        for (int t = 0; t < 4; t++) {
            distinct.add(mine[t]);
            assertEquals(100_000, perThread.get(mine[t]));
            assertEquals(true, slots.key(mine[t]).startsWith("worker-" + t + "#"), slots.key(mine[t]));
        }
        assertEquals(4, distinct.size());
        assertEquals(4, slots.size());
    }
}
