package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The reserve is held from a thread of its own, let go at exit, and never held again after that. */
class ExitReserveTest {

    @Test
    void heldAsideThenLetGoAndNotHeldAgain() throws Exception {
        long t0 = System.nanoTime();
        ExitReserve.holdAside(1 << 20, 200);
        assertEquals(0, ExitReserve.heldBytes());   // not before its delay
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (ExitReserve.heldBytes() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertEquals(1 << 20, ExitReserve.heldBytes());
        assertTrue(System.nanoTime() - t0 >= 200_000_000L);
        ExitReserve.release();
        assertEquals(0, ExitReserve.heldBytes());
        ExitReserve.hold(1 << 20);   // a holding thread that runs after the exit began
        assertEquals(0, ExitReserve.heldBytes());
    }

    @Test
    void theSizeIsAShareOfTheHeapWithinOneAndSixteenMebibytes() {
        assertEquals(1 << 20, ExitReserve.sizeFor(8L << 20));
        assertEquals(4L << 20, ExitReserve.sizeFor(128L << 20));
        assertEquals(16L << 20, ExitReserve.sizeFor(8L << 30));
    }
}
