package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FlagsTest {

    @Test
    void ratchetsToTrueAndThenIsTerminal() {
        Flags f = new Flags();
        assertFalse(f.isSet(3));
        assertFalse(f.isTerminal(3));
        assertEquals(Boolean.FALSE, f.valueAt(3));
        assertTrue(f.set(3), "first set flips");
        assertFalse(f.set(3), "second set does not");
        assertTrue(f.isSet(3));
        assertTrue(f.isTerminal(3));
        assertEquals(Boolean.TRUE, f.valueAt(3));
        assertFalse(f.isSet(4));
    }

    @Test
    void exactlyOneThreadWinsEachFlag() throws InterruptedException {
        Flags f = new Flags();
        int slots = 5_000;
        AtomicInteger wins = new AtomicInteger();
        Concurrently.run(4, t -> {
            int won = 0;
            for (int s = 0; s < slots; s++) {
                if (f.set(s)) {
                    won++;
                }
            }
            wins.addAndGet(won);
        });
        assertEquals(slots, wins.get());
        for (int s = 0; s < slots; s++) {
            assertTrue(f.isSet(s));
        }
    }
}
