package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ThreadSlotsTest {

    @Test
    void threadsOfOneGroupShareOneStableSlotAndCountExactly() throws InterruptedException {
        ThreadSlots slots = new ThreadSlots();
        Counters perGroup = new Counters();
        int[] mine = new int[4];
        Concurrently.run(4, t -> {              // threads named worker-0 .. worker-3: one group
            mine[t] = slots.slot();
            for (int i = 0; i < 100_000; i++) {
                perGroup.inc(slots.slot());
            }
            assertEquals(mine[t], slots.slot());
        });
        for (int t = 0; t < 4; t++) {
            assertEquals(mine[0], mine[t]);
        }
        assertEquals(400_000, perGroup.get(mine[0]));
        assertEquals("worker-#", slots.key(mine[0]));
        assertEquals(1, slots.size());
    }
}
