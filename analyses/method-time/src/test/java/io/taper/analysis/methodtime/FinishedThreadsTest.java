package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Finished threads' profiles merge into their group's by call path: the merged profile (per method, per
 * edge, the call tree) is the same as before the merge, and only one profile per group is left.
 */
class FinishedThreadsTest {

    static final int MAIN = 0, WORK = 1, HELPER = 2, METHODS = 3;

    /** Thread i calls MAIN -> WORK -> (HELPER if i is odd), at times that depend on i. */
    static ThreadProfile profile(int i, ThreadProfile into) {
        long t = i * 1000L;
        int m = into.enter(MAIN, t);
        int w = into.enter(WORK, t + 1);
        if (i % 2 == 1) {
            int h = into.enter(HELPER, t + 2);
            into.exit(HELPER, h, t + 3 + i);
        }
        into.exit(WORK, w, t + 10 + i);
        into.exit(MAIN, m, t + 20 + 2 * i);
        return into;
    }

    @Test
    void aGroupHoldsExactlyWhatItsThreadsHeld() {
        List<ThreadProfile.Snapshot> separate = new ArrayList<>();
        ThreadProfile group = ThreadProfile.group("task-#", 64);
        for (int i = 0; i < 50; i++) {
            ThreadProfile p = profile(i, new ThreadProfile("task-" + i, i, 64));
            separate.add(p.snapshot(100_000));
            group.absorb(p);
        }
        MergedProfile before = MergedProfile.merge(separate, METHODS);
        MergedProfile after = MergedProfile.merge(List.of(group.snapshot(100_000)), METHODS);
        assertEquals(50, after.threads);
        assertEquals(50, group.threads());
        assertArrayEquals(before.invocations, after.invocations);
        assertArrayEquals(new long[] {50, 50, 25}, after.invocations);
        assertArrayEquals(before.inclusive, after.inclusive);
        assertArrayEquals(before.exclusive, after.exclusive);
        assertArrayEquals(before.total, after.total);
        assertArrayEquals(before.min, after.min);
        assertArrayEquals(before.max, after.max);
        for (int m = 0; m < METHODS; m++) {
            assertEquals(before.callersOf(m).size(), after.callersOf(m).size());
            for (int k = 0; k < before.callersOf(m).size(); k++) {
                assertArrayEquals(before.callersOf(m).get(k), after.callersOf(m).get(k));
            }
        }
        // the call tree below the thread level: the same paths with the same figures (a node per thread before,
        // one for the group after)
        assertEquals(pathsBelowThreads(before.tree), pathsBelowThreads(after.tree));
        assertEquals(3, after.contexts);              // MAIN, MAIN>WORK, MAIN>WORK>HELPER
    }

    @Test
    void finishedThreadsAreFoldedAndReleased() throws Exception {
        long foldedBefore = ThreadProfiles.threadsFolded();
        for (int i = 0; i < 3 * ThreadProfiles.FOLD_EVERY; i++) {
            int n = i;
            Thread t = new Thread(() -> profile(n, ThreadProfiles.current()), "churn-" + i);
            t.start();
            t.join();
        }
        ThreadProfiles.foldFinished();
        // (threads of other tests in this JVM may be folded too)
        assertTrue(ThreadProfiles.threadsFolded() - foldedBefore >= 3L * ThreadProfiles.FOLD_EVERY);
        assertEquals(3L * ThreadProfiles.FOLD_EVERY, (long) ThreadProfiles.groups().get("churn-#"));
        long churnProfiles = 0;
        for (ThreadProfile p : ThreadProfiles.all()) {
            if (p.threadName.startsWith("churn")) {
                churnProfiles++;
            }
        }
        assertEquals(1, churnProfiles, "one profile for the whole group");
        MergedProfile merged = MergedProfile.merge(ThreadProfiles.snapshots(1_000_000), METHODS);
        assertTrue(merged.invocations[MAIN] >= 3L * ThreadProfiles.FOLD_EVERY);
    }

    /** Per call path under the thread nodes (methods joined by '>'), its calls, nanoseconds and waiting, summed. */
    private static java.util.Map<String, java.util.List<Long>> pathsBelowThreads(CallTree tree) {
        java.util.Map<String, java.util.List<Long>> m = new java.util.TreeMap<>();
        String[] paths = new String[tree.size()];
        for (int n = 1; n < tree.size(); n++) {
            int parent = tree.parent(n);
            paths[n] = parent == CallTree.ROOT ? "" : (paths[parent].isEmpty() ? "" : paths[parent] + ">")
                + tree.method(n);
            if (parent == CallTree.ROOT) {
                continue;
            }
            java.util.List<Long> old = m.getOrDefault(paths[n], java.util.List.of(0L, 0L, 0L));
            m.put(paths[n], java.util.List.of(old.get(0) + tree.calls(n), old.get(1) + tree.nanos(n),
                old.get(2) + tree.waitNanos(n)));
        }
        return m;
    }
}
