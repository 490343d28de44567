package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The counters are global: every test uses slots of its own. */
class ThreadCountersTest {

    @BeforeAll
    static void enable() {
        ThreadCounters.enable();   // as the agent does on the program's main thread: this thread's group may own
    }

    @Test
    void theFirstProgramThreadOwnsTheSlotAndKeepsItsArray() {
        int slot = 101;
        long[] first = ThreadCounters.counters(slot, 3);
        first[1]++;
        long[] again = ThreadCounters.counters(slot, 3);
        again[1]++;
        assertSame(first, again);
        assertSame(Thread.currentThread(), ThreadCounters.ownerOf(slot));
        assertArrayEquals(new long[] {0, 2, 0}, ThreadCounters.sum(slot, 3));
    }

    @Test
    void aSlotNoThreadCountedInSumsToNothingAndOneCountedInToItsArraysLength() throws Exception {
        int slot = 131;
        assertNull(ThreadCounters.sum(slot), "no array: a reader skips the class without its table");
        assertArrayEquals(new long[] {0, 0}, ThreadCounters.sum(slot, 2));
        Thread other = new Thread(() -> ThreadCounters.counters(slot, 3)[2] += 5);
        other.start();
        other.join();
        ThreadCounters.counters(slot, 3)[0]++;
        assertArrayEquals(new long[] {1, 0, 5}, ThreadCounters.sum(slot));
        assertArrayEquals(new long[] {1, 0}, ThreadCounters.sum(slot, 2));
        assertArrayEquals(new long[] {1, 0, 5, 0}, ThreadCounters.sum(slot, 4));
    }

    @Test
    void otherThreadsCountIntoArraysOfTheirOwnAndNothingIsLost() throws Exception {
        int slot = 102;
        ThreadCounters.counters(slot, 2)[0]++;   // this thread owns it
        int threads = 4;
        int perThread = 200_000;
        Set<long[]> arrays = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                for (int i = 0; i < perThread; i++) {
                    long[] c = ThreadCounters.counters(slot, 2);
                    c[0]++;
                    c[1] += 2;
                    if (i == 0) {
                        arrays.add(c);
                    }
                }
            });
            started.add(th);
            th.start();
        }
        for (Thread th : started) {
            th.join();
        }
        assertEquals(threads, arrays.size(), "one array per thread");
        assertSame(Thread.currentThread(), ThreadCounters.ownerOf(slot), "ownership stays with the first");
        assertArrayEquals(new long[] {1 + (long) threads * perThread, 2L * threads * perThread},
            ThreadCounters.sum(slot, 2));
    }

    @Test
    void ownWorkOnTheOwnersThreadCountsElsewhereAndIsNotReported() {
        int slot = 103;
        long[] owned = ThreadCounters.counters(slot, 1);
        owned[0]++;
        ThreadCounters.ownWork(true);
        long[] during;
        try {
            during = ThreadCounters.counters(slot, 1);
            during[0] += 100;
        } finally {
            ThreadCounters.ownWork(false);
        }
        assertNotSame(owned, during);
        assertSame(owned, ThreadCounters.counters(slot, 1), "the owner's array once its own work is over");
        assertArrayEquals(new long[] {1}, ThreadCounters.sum(slot, 1));
    }

    @Test
    void threadsOfTheSystemGroupNeverOwn() throws Exception {
        int slot = 104;
        ThreadGroup system = Thread.currentThread().getThreadGroup();
        while (system.getParent() != null) {
            system = system.getParent();
        }
        Thread jdkLike = new Thread(system, () -> ThreadCounters.counters(slot, 1)[0] += 5, "system-like");
        jdkLike.start();
        jdkLike.join();
        assertNull(ThreadCounters.ownerOf(slot));
        ThreadCounters.counters(slot, 1)[0]++;
        assertSame(Thread.currentThread(), ThreadCounters.ownerOf(slot), "the first program thread after it");
        assertArrayEquals(new long[] {6}, ThreadCounters.sum(slot, 1));
    }

    @Test
    void anEndedOwnerLetsGoAtTheSweepAndItsCountsStay() throws Exception {
        int slot = 105;
        Thread owner = new Thread(() -> ThreadCounters.counters(slot, 1)[0] += 7, "first-task");
        owner.start();
        owner.join();
        assertSame(owner, ThreadCounters.ownerOf(slot));
        // enough short threads for a sweep, which folds the ended threads' arrays and lets their slots go
        for (int i = 0; i < 100; i++) {
            Thread t = new Thread(() -> ThreadCounters.counters(slot + 1, 1)[0]++, "task-" + i);
            t.start();
            t.join();
        }
        long[] figures = ThreadCounters.figures();
        assertEquals(true, figures[1] > 0, "threads exited and folded: " + figures[1]);
        Thread next = new Thread(() -> ThreadCounters.counters(slot, 1)[0]++, "next-task");
        next.start();
        next.join();
        assertSame(next, ThreadCounters.ownerOf(slot));
        assertArrayEquals(new long[] {8}, ThreadCounters.sum(slot, 1));
        assertArrayEquals(new long[] {100}, ThreadCounters.sum(slot + 1, 1));
    }

    /** What a detach leaves: nothing counted, owned or registered, and the next session's counts start from zero. */
    @Test
    void aResetForgetsEveryThreadsCountsAndOwnersAndCountingStartsAgain() throws Exception {
        int slot = 140;
        try {
            long[] before = ThreadCounters.counters(slot, 2);
            ThreadCounters.count(slot, 2, 0);
            ThreadCounters.count(slot, 2, 0);
            Thread other = new Thread(() -> ThreadCounters.count(slot + 1, 1, 0), "counted-before-the-reset");
            other.start();
            other.join();
            assertSame(Thread.currentThread(), ThreadCounters.ownerOf(slot));
            ThreadCounters.ownWork(true);   // the agent's detach runs inside its own work, and resets there

            ThreadCounters.reset();
            assertArrayEquals(new long[6], ThreadCounters.figures());
            assertEquals(0, ThreadCounters.bytes());
            assertNull(ThreadCounters.sum(slot));
            assertNull(ThreadCounters.sum(slot + 1));
            assertNull(ThreadCounters.ownerOf(slot));
            List<String> visited = new ArrayList<>();
            ThreadCounters.visit((name, id, s, counts) -> visited.add(name + " " + s));
            assertEquals(List.of(), visited);
            ThreadCounters.ownWork(false);   // off until the next attach enables it: nothing to end
            assertNull(ThreadCounters.sum(slot), "ending own work registers nothing");

            ThreadCounters.enable();
            ThreadCounters.count(slot, 2, 0);
            before[0]++;   // a method still running its woven form counts into its old array: read by nobody
            long[] after = ThreadCounters.counters(slot, 2);
            assertNotSame(before, after);
            assertArrayEquals(new long[] {1, 0}, ThreadCounters.sum(slot), "from one, not from three");
            assertNull(ThreadCounters.sum(slot + 1));
            assertSame(Thread.currentThread(), ThreadCounters.ownerOf(slot), "owned again, in the next session");
            // one thread registered, one array, owned
            assertArrayEquals(new long[] {1, 0, 1, 1, 0, 1}, ThreadCounters.figures());
        } finally {
            ThreadCounters.enable();
        }
    }
}
