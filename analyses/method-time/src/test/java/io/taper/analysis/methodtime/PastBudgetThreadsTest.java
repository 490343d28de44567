package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/**
 * Threads that start past the state budget record into one shared tree, per method: the per-method figures are those
 * their own trees would have held, recursion included, however many threads record at once.
 */
class PastBudgetThreadsTest {

    static final int WORK = FinishedThreadsTest.WORK, METHODS = FinishedThreadsTest.METHODS;

    /** {@link FinishedThreadsTest}'s calls of thread i and, every third thread, WORK -> WORK (recursion). */
    private static void calls(int i, ThreadProfile into) {
        FinishedThreadsTest.profile(i, into);
        if (i % 3 == 0) {
            long t = i * 1000L + 500;
            int w = into.enter(WORK, t);
            int r = into.enter(WORK, t + 1);
            into.exit(WORK, r, t + 3);
            into.exit(WORK, w, t + 10 + i % 7);
        }
    }

    @Test
    void sharedThreadsHoldWhatTheirOwnTreesWouldHave() {
        List<ThreadProfile.Snapshot> own = new ArrayList<>();
        ThreadProfile together = ThreadProfile.group(ThreadProfiles.PAST_BUDGET_NAME, 64);
        for (int i = 0; i < 50; i++) {
            ThreadProfile p = new ThreadProfile("t-" + i, i, 64);
            calls(i, p);
            own.add(p.snapshot(100_000));
            calls(i, ThreadProfile.pastBudget(new Thread("t-" + i), together));
        }
        MergedProfile separate = MergedProfile.merge(own, METHODS);
        MergedProfile shared = MergedProfile.merge(List.of(together.snapshot(100_000)), METHODS);
        assertEquals(50, together.threads());
        assertArrayEquals(new long[] {50, 84, 25}, shared.invocations);
        assertArrayEquals(separate.invocations, shared.invocations);
        assertArrayEquals(separate.inclusive, shared.inclusive);
        assertArrayEquals(separate.exclusive, shared.exclusive);
        assertArrayEquals(separate.total, shared.total);
        assertArrayEquals(separate.min, shared.min);
        assertArrayEquals(separate.max, shared.max);
        assertArrayEquals(new long[] {1, 2, 1}, shared.recursion);
        // one flattened context per method, however many threads: the state is the methods'
        assertEquals(3, together.liveTree().size() - 2);
    }

    @Test
    void threadsRecordingAtOnceLoseNoCall() throws Exception {
        ThreadProfile together = ThreadProfile.group(ThreadProfiles.PAST_BUDGET_NAME, 64);
        int threads = 8;
        int rounds = 20_000;
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> ts = new ArrayList<>();
        for (int k = 0; k < threads; k++) {
            Thread t = new Thread(() -> {
                ThreadProfile p = ThreadProfile.pastBudget(Thread.currentThread(), together);
                try {
                    start.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < rounds; i++) {
                    calls(i, p);
                }
            });
            ts.add(t);
            t.start();
        }
        for (Thread t : ts) {
            t.join();
        }
        MergedProfile shared = MergedProfile.merge(List.of(together.snapshot(Long.MAX_VALUE / 2)), METHODS);
        long recursive = (rounds + 2) / 3;
        assertArrayEquals(
            new long[] {(long) threads * rounds, threads * (rounds + 2 * recursive), threads * rounds / 2},
            shared.invocations);
        assertEquals(threads, shared.threads);
    }
}
