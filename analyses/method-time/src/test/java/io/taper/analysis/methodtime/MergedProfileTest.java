package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Merging threads: per-method sums, min and max across threads, one call tree by path, tree export. */
class MergedProfileTest {

    static final int MAIN = 0, WORK = 1, HELPER = 2, METHODS = 3;

    @Test
    void threadsAreSummedPerMethodAndMergedByPath() {
        ThreadProfile t1 = new ThreadProfile("t1", 1, 64);
        int m = t1.enter(MAIN, 0);
        int w = t1.enter(WORK, 10);
        t1.exit(WORK, w, 40);
        t1.exit(MAIN, m, 50);
        ThreadProfile t2 = new ThreadProfile("t2", 2, 64);
        int w2 = t2.enter(WORK, 100);
        int h = t2.enter(HELPER, 101);
        t2.exit(HELPER, h, 103);
        t2.exit(WORK, w2, 105);
        MergedProfile p = MergedProfile.merge(List.of(t1.snapshot(200), t2.snapshot(200)), METHODS);

        assertEquals(2, p.threads);
        assertEquals(2, p.invocations[WORK]);
        assertEquals(35, p.inclusive[WORK]);
        assertEquals(5, p.min[WORK]);
        assertEquals(30, p.max[WORK]);
        assertEquals(33, p.exclusive[WORK]);
        List<long[]> callers = p.callersOf(WORK);
        assertArrayEquals(new long[] {MAIN, 1, 30}, callers.get(0));
        assertArrayEquals(new long[] {MergedProfile.NO_CALLER, 1, 5}, callers.get(1));

        // root -> t1 -> MAIN -> WORK, root -> t2 -> WORK -> HELPER: a node per thread, two WORK contexts
        CallTree tree = p.tree;
        assertEquals(7, tree.size());
        assertEquals(55, tree.totalNanos());
        assertEquals(List.of("t1", "t2"), p.threadNames);
        List<long[]> nodes = tree.export(100, 0);
        assertArrayEquals(new long[] {-1, CallTree.threadMethod(0), 0, 50, 0}, nodes.get(0));
        assertArrayEquals(new long[] {0, MAIN, 1, 50, 0}, nodes.get(1));
        assertArrayEquals(new long[] {1, WORK, 1, 30, 0}, nodes.get(2));
        assertArrayEquals(new long[] {-1, CallTree.threadMethod(1), 0, 5, 0}, nodes.get(3));
        assertArrayEquals(new long[] {3, WORK, 1, 5, 0}, nodes.get(4));
        assertArrayEquals(new long[] {4, HELPER, 1, 2, 0}, nodes.get(5));
    }

    @Test
    void sameThreadPathsFromTwoSameNamedThreadsShareOneNode() {
        ThreadProfile t1 = new ThreadProfile("worker", 1, 64);
        ThreadProfile t2 = new ThreadProfile("worker", 2, 64);
        for (ThreadProfile t : List.of(t1, t2)) {
            int m = t.enter(MAIN, 0);
            int w = t.enter(WORK, 1);
            t.exit(WORK, w, 4);
            t.exit(MAIN, m, 10);
        }
        CallTree tree = MergedProfile.merge(List.of(t1.snapshot(10), t2.snapshot(10)), METHODS).tree;
        List<long[]> nodes = tree.export(100, 0);
        assertEquals(3, nodes.size());
        assertArrayEquals(new long[] {-1, CallTree.threadMethod(0), 0, 20, 0}, nodes.get(0));
        assertArrayEquals(new long[] {0, MAIN, 2, 20, 0}, nodes.get(1));
        assertArrayEquals(new long[] {1, WORK, 2, 6, 0}, nodes.get(2));
    }

    @Test
    void exportKeepsTheHeaviestNodesWithCompletePaths() {
        CallTree tree = new CallTree();
        int a = tree.child(CallTree.ROOT, 0);
        tree.add(a, 1, 100);
        int b = tree.child(a, 1);
        tree.add(b, 1, 5);
        int c = tree.child(b, 2);      // heavier than its parent (possible after discarded frames): dropped with it
        tree.add(c, 1, 50);
        int d = tree.child(a, 3);
        tree.add(d, 1, 60);
        int e = tree.child(CallTree.ROOT, 4);
        tree.add(e, 1, 40);
        List<long[]> top = tree.export(3, 0);
        assertEquals(3, top.size());
        assertArrayEquals(new long[] {-1, 0, 1, 100, 0}, top.get(0));
        assertArrayEquals(new long[] {0, 3, 1, 60, 0}, top.get(1));
        assertArrayEquals(new long[] {-1, 4, 1, 40, 0}, top.get(2));
        List<long[]> heavy = tree.export(10, 45);
        assertEquals(2, heavy.size(), "nodes lighter than 45 ns are left out");
        assertEquals(5, tree.export(10, 0).size());
    }

    @Test
    void recursionFoldsOntoTheFirstActivationAndCountsItsCallOnAnAlias() {
        ThreadProfile t = new ThreadProfile("t", 1, 64);
        int a = t.enter(MAIN, 0);       // node 2
        int b = t.enter(WORK, 1);       // node 3
        int c = t.enter(MAIN, 2);       // MAIN again below itself: runs in node 2, counted on alias node 4
        int e = t.enter(WORK, 2);       // WORK under node 2 again: node 3 itself, re-entered (its caller is MAIN)
        t.exit(WORK, e, 3);
        t.exit(MAIN, c, 3);
        t.exit(WORK, b, 4);
        int d = t.enter(HELPER, 5);     // node 5
        t.exit(HELPER, d, 6);
        t.exit(MAIN, a, 7);
        ContextTree.Copy nodes = t.snapshot(7).nodes;
        assertEquals(6, nodes.size());
        assertEquals(1, nodes.stat(2, ContextTree.CALLS));
        assertEquals(2, nodes.stat(3, ContextTree.CALLS));
        assertEquals(3, nodes.stat(3, ContextTree.NANOS), "the outer WORK's 3 ns only");
        assertEquals(1, nodes.stat(4, ContextTree.CALLS));
        assertEquals(3, nodes.parent(4));
        assertEquals(7, nodes.stat(2, ContextTree.NANOS), "the outer call's 7 ns, not 7 + 1");
        assertEquals(0, nodes.stat(4, ContextTree.NANOS));
        assertEquals(2, nodes.stat(2, ContextTree.MAX_RECURSION));
        assertEquals(2, nodes.stat(3, ContextTree.MAX_RECURSION));
        boolean[] outer = MergedProfile.outermost(nodes, METHODS);
        assertArrayEquals(new boolean[] {false, false, true, true, false, true}, outer);
    }
    @Test
    void waitingTimeIsSplitOffPerContextOnceAndPerThread() {
        ThreadProfile t = new ThreadProfile("t", 1, 64);
        int a = t.enter(MAIN, 0);
        int b = t.enter(WORK, 10);
        int c = t.enter(WORK, 12);       // a recursive re-entry: its waiting counts once for WORK
        int d = t.enter(HELPER, 15);     // parked in here
        t.waited(50);
        t.exit(HELPER, d, 70);
        t.exit(WORK, c, 72);
        t.exit(WORK, b, 75);
        t.waited(5);                     // MAIN itself waits (a join in a method nobody weaves)
        t.exit(MAIN, a, 100);
        MergedProfile p = MergedProfile.merge(List.of(t.snapshot(100)), METHODS);
        assertEquals(55, p.waiting[MAIN]);
        assertEquals(50, p.waiting[WORK]);
        assertEquals(50, p.waiting[HELPER]);
        assertEquals(50, p.selfWaiting[HELPER]);
        assertEquals(0, p.selfWaiting[WORK]);
        assertEquals(5, p.selfWaiting[MAIN]);
        assertEquals(1, p.threadTimes.size());
        assertArrayEquals(new Object[] {"t", 1L, 100L, 55L}, p.threadTimes.get(0));
        assertEquals(55, p.tree.waitNanos(1), "the merged tree's MAIN node");
    }
    @Test
    void flattenedTimeCountsEachStretchOfFlattenedFramesOnce() {
        ThreadProfile t = new ThreadProfile("t", 1, 3);     // root, flattened, and one context: MAIN
        int a = t.enter(MAIN, 0);                         // node 2
        int b = t.enter(WORK, 10);                        // the tree is full: (flattened) WORK
        int c = t.enter(HELPER, 12);                      // (flattened) HELPER, called from a flattened frame
        t.exit(HELPER, c, 20);
        t.exit(WORK, b, 40);
        int d = t.enter(HELPER, 50);                      // (flattened) HELPER again, from MAIN this time
        t.exit(HELPER, d, 55);
        t.exit(MAIN, a, 100);
        MergedProfile p = MergedProfile.merge(List.of(t.snapshot(100)), METHODS);
        assertEquals(30 + 5, p.flattenedNanos, "WORK's 30 (HELPER's 8 inside it not again) and the second HELPER's 5");
        assertEquals(2, p.truncatedContexts, "one flattened context per method: WORK, HELPER");
        int thread = p.tree.child(CallTree.ROOT, CallTree.threadMethod(0));
        int flattened = p.tree.child(thread, CallTree.TRUNCATED_METHOD);
        assertEquals(35, p.tree.nanos(flattened), "the flame graph's flattened frame: the same 35, not 30 + 8 + 5");
        assertEquals(22, p.tree.nanos(p.tree.child(flattened, WORK)), "WORK's own time beside HELPER's");
        assertEquals(8 + 5, p.tree.nanos(p.tree.child(flattened, HELPER)));
    }
}
