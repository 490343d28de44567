package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A thread keeps one profile, also across an erasure of its thread-locals (as JDK InnocuousThreads do). */
class ThreadProfilesTest {

    @Test
    void erasingThreadLocalsKeepsTheThreadsStack() throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                ThreadProfile before = ThreadProfiles.current();
                int token = before.enter(0, 0);
                ThreadProfiles.threadLocal().remove();   // what InnocuousThread.eraseThreadLocals does to it
                ThreadProfile after = ThreadProfiles.current();
                assertSame(before, after);
                after.exit(0, token, 10);
                assertEquals(0, after.depth());
                assertEquals(0, after.snapshot(10).unmatchedExits);
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "erased");
        t.start();
        t.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    @Test
    void threadsHaveTheirOwnProfiles() throws Exception {
        AtomicReference<ThreadProfile> other = new AtomicReference<>();
        Thread t = new Thread(() -> other.set(ThreadProfiles.current()), "other");
        t.start();
        t.join();
        assertNotSame(ThreadProfiles.current(), other.get());
        assertEquals("other", other.get().threadName);
    }
}
