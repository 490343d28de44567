package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ConcurrentLongIntMapTest {

    @Test
    void mapsKeysIncludingZeroAndNegativeThroughResizes() {
        ConcurrentLongIntMap m = new ConcurrentLongIntMap();
        assertEquals(-1, m.get(0));
        assertEquals(5, m.putIfAbsent(0, 5));
        assertEquals(5, m.putIfAbsent(0, 6), "first value stays");
        assertEquals(7, m.putIfAbsent(-3, 7));
        for (int i = 1; i <= 10_000; i++) {
            m.putIfAbsent(((long) i << 32) | i, i);
        }
        assertEquals(5, m.get(0));
        assertEquals(7, m.get(-3));
        for (int i = 1; i <= 10_000; i++) {
            assertEquals(i, m.get(((long) i << 32) | i));
        }
        assertEquals(-1, m.get(1L << 40));
    }

    @Test
    void readersNeverSeeAKeyWithoutItsValue() throws InterruptedException {
        ConcurrentLongIntMap m = new ConcurrentLongIntMap();
        int n = 20_000;
        Concurrently.run(4, t -> {
            if (t == 0) {
                for (int i = 0; i < n; i++) {
                    m.putIfAbsent(i, i + 1);
                }
            } else {
                for (int round = 0; round < 20; round++) {
                    for (int i = 0; i < n; i++) {
                        int v = m.get(i);
                        if (v != -1 && v != i + 1) {
                            throw new AssertionError("key " + i + " read as " + v);
                        }
                    }
                }
            }
        });
        for (int i = 0; i < n; i++) {
            assertEquals(i + 1, m.get(i));
        }
    }
}
