package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A queued class waits while its static initialiser runs, for a bounded time, and not at all once initialised. */
class InitialisingClassesTest {

    static final CountDownLatch ENTERED = new CountDownLatch(1);
    static final CountDownLatch RELEASE = new CountDownLatch(1);

    /** Its initialiser runs until the test releases it. */
    static final class SlowToInitialise {
        static final long VALUE;

        static {
            ENTERED.countDown();
            try {
                RELEASE.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            VALUE = 42;
        }
    }

    /** Loaded by the test, never initialised. */
    static final class NeverInitialised {
        static final Object VALUE = new Object();
    }

    @Test
    void aClassIsHeldWhileItsInitialiserRunsAndGoesOnceItIsDone() throws Exception {
        AtomicLong held = new AtomicLong();
        InitialisingClasses classes = new InitialisingClasses(held);
        Thread initialiser = new Thread(() -> assertEquals(42, SlowToInitialise.VALUE));
        initialiser.start();
        assertTrue(ENTERED.await(30, TimeUnit.SECONDS));
        Class<?> slow = Class.forName(SlowToInitialise.class.getName(), false, getClass().getClassLoader());
        assertTrue(classes.holdBack(slow, 1_000));
        assertTrue(classes.holdBack(slow, 1_000 + InitialisingClasses.HOLD_MILLIS - 1));
        RELEASE.countDown();
        initialiser.join();
        assertFalse(classes.holdBack(slow, 1_000 + InitialisingClasses.HOLD_MILLIS - 1));
        assertFalse(classes.holdBack(String.class, 0));
        assertEquals(1, held.get());
    }

    @Test
    void aClassNeverInitialisedIsHeldForTheHoldTimeOnly() throws Exception {
        AtomicLong held = new AtomicLong();
        InitialisingClasses classes = new InitialisingClasses(held);
        Class<?> never = Class.forName(NeverInitialised.class.getName(), false, getClass().getClassLoader());
        assertTrue(classes.holdBack(never, 5_000));
        assertTrue(classes.holdBack(never, 5_000 + InitialisingClasses.HOLD_MILLIS - 1));
        assertFalse(classes.holdBack(never, 5_000 + InitialisingClasses.HOLD_MILLIS));
        assertEquals(1, held.get());
    }
}
