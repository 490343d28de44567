package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeySlotsTest {

    @Test
    void assignsDenseSlotsInFirstSeenOrder() {
        KeySlots<String> k = new KeySlots<>();
        assertEquals(0, k.slot("a"));
        assertEquals(1, k.slot("b"));
        assertEquals(0, k.slot("a"));
        assertEquals(-1, k.find("c"));
        assertEquals(2, k.size());
        assertEquals("b", k.key(1));
        assertThrows(IndexOutOfBoundsException.class, () -> k.key(2));
    }

    @Test
    void concurrentMappingOfTheSameKeysGivesOneSlotEach() throws InterruptedException {
        KeySlots<String> k = new KeySlots<>();
        int keys = 3_000;                         // three chunks of keys
        int[][] seen = new int[4][keys];
        Concurrently.run(4, t -> {
            for (int i = 0; i < keys; i++) {
                int key = (i * 7 + t * 1_001) % keys;   // each thread in its own order
                seen[t][key] = k.slot("k" + key);
            }
        });
        assertEquals(keys, k.size());
        Set<Integer> slots = new HashSet<>();
        for (int key = 0; key < keys; key++) {
            int s = seen[0][key];
            for (int t = 1; t < 4; t++) {
                assertEquals(s, seen[t][key], "threads agree on the slot of k" + key);
            }
            assertEquals("k" + key, k.key(s));
            slots.add(s);
        }
        assertEquals(keys, slots.size());
    }
}
