package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shadow stack and its statistics with hand-made timestamps: nesting, recursion, missed exits
 * (exceptions whose exits were not observed), exits without entries (instrumentation removed while a
 * frame was live), frames still open, unknown sites, full trees.
 */
class ShadowStackTest {

    static final int A = 0, B = 1, C = 2, R = 3, METHODS = 4;

    private final ThreadProfile t = new ThreadProfile("main", 1, 1 << 10);

    private MergedProfile merge(long now) {
        return MergedProfile.merge(List.of(t.snapshot(now)), METHODS);
    }

    @Test
    void nestedCallsSplitInclusiveAndExclusiveTime() {
        int a = t.enter(A, 0);
        int b = t.enter(B, 10);
        t.exit(B, b, 30);
        int c = t.enter(C, 40);
        t.exit(C, c, 45);
        t.exit(A, a, 100);
        MergedProfile p = merge(100);

        assertEquals(1, p.invocations[A]);
        assertEquals(100, p.inclusive[A]);
        assertEquals(75, p.exclusive[A]);       // 100 - 20 (B) - 5 (C)
        assertEquals(100, p.min[A]);
        assertEquals(100, p.max[A]);
        assertEquals(20, p.inclusive[B]);
        assertEquals(20, p.exclusive[B]);
        assertEquals(5, p.inclusive[C]);
        assertArrayEquals(new long[] {A, 1, 20}, p.callersOf(B).get(0));
        assertArrayEquals(new long[] {MergedProfile.NO_CALLER, 1, 100}, p.callersOf(A).get(0));
        assertEquals(0, t.depth());
        assertEquals(0, p.unmatchedExits + p.discardedFrames + p.unknownSites);
    }

    @Test
    void loopsAndAlternatingCalleesKeepTheirOwnContexts() {
        // A calls B three times, then C, then B again; each B under A is one context, B under C another
        int a = t.enter(A, 0);
        for (int i = 0; i < 3; i++) {
            int b = t.enter(B, 10 * i + 1);
            t.exit(B, b, 10 * i + 3);
        }
        int c = t.enter(C, 40);
        int bc = t.enter(B, 41);               // same method, another caller: its own context
        t.exit(B, bc, 45);
        t.exit(C, c, 50);
        int b = t.enter(B, 60);
        t.exit(B, b, 70);
        t.exit(A, a, 100);
        MergedProfile p = merge(100);

        assertEquals(5, p.invocations[B]);
        assertEquals(2 * 3 + 4 + 10, p.inclusive[B]);
        assertEquals(2, p.callersOf(B).size());
        assertArrayEquals(new long[] {A, 4, 16}, p.callersOf(B).get(0));
        assertArrayEquals(new long[] {C, 1, 4}, p.callersOf(B).get(1));
        assertEquals(1, p.invocations[C]);
        assertEquals(10, p.inclusive[C]);
        assertEquals(6, p.exclusive[C]);
        assertEquals(100 - 16 - 10, p.exclusive[A]);
        assertEquals(0, p.unmatchedExits + p.discardedFrames + p.unknownSites);
    }

    @Test
    void recursionCountsEveryCallButItsTimeOnce() {
        int r1 = t.enter(R, 0);
        int r2 = t.enter(R, 10);
        int r3 = t.enter(R, 20);
        t.exit(R, r3, 30);
        t.exit(R, r2, 40);
        t.exit(R, r1, 100);
        MergedProfile p = merge(100);

        assertEquals(3, p.invocations[R]);
        assertEquals(100, p.inclusive[R]);       // the outermost call only
        assertEquals(100, p.total[R]);           // the re-entries fold onto it: their time is in its own
        assertEquals(100, p.exclusive[R]);       // 70 + 20 + 10
        assertEquals(100, p.min[R]);             // durations of outermost calls only
        assertEquals(100, p.max[R]);
        assertEquals(3, p.recursion[R]);
        List<long[]> callers = p.callersOf(R);
        assertEquals(2, callers.size());
        assertArrayEquals(new long[] {MergedProfile.NO_CALLER, 1, 100}, callers.get(0));
        assertArrayEquals(new long[] {R, 2, 0}, callers.get(1));   // nested calls: time already counted
        assertEquals(2, p.contexts, "R's context and the alias its re-entries are counted on");
    }

    @Test
    void indirectRecursionIsCountedOnceToo() {
        int a1 = t.enter(A, 0);
        int b = t.enter(B, 10);
        int a2 = t.enter(A, 20);
        t.exit(A, a2, 50);
        t.exit(B, b, 60);
        t.exit(A, a1, 70);
        MergedProfile p = merge(70);
        assertEquals(2, p.invocations[A]);
        assertEquals(70, p.inclusive[A]);
        assertEquals(50, p.inclusive[B]);
        assertEquals(20, p.exclusive[B]);        // 50 - 30 in the inner A
        assertEquals(50, p.exclusive[A]);        // 20 of the outer + 30 of the inner
    }

    @Test
    void exitsNeverObservedAreDiscardedWhenAnOuterFrameExits() {
        int a = t.enter(A, 0);
        int b = t.enter(B, 10);
        t.enter(C, 20);
        // B and C were left by an exception whose exits went unobserved; A's exit still matches A
        t.exit(A, a, 100);
        MergedProfile p = merge(100);
        assertEquals(2, b);
        assertEquals(2, p.discardedFrames);
        assertEquals(1, p.invocations[A]);
        assertEquals(100, p.inclusive[A]);
        assertEquals(100, p.exclusive[A]);       // the discarded callees' time stays with A
        assertEquals(0, p.invocations[B]);
        assertEquals(0, p.invocations[C]);
        assertEquals(0, p.inclusive[B]);
        assertEquals(0, t.depth());
    }

    @Test
    void exitsWithoutTheirEntryAreCountedAndChangeNothing() {
        int a = t.enter(A, 0);
        t.exit(B, 0, 5);          // B's entry site was removed while a frame of B was live
        t.exit(B, a, 6);          // a token of another method's frame
        t.exit(A, 7, 8);          // a token deeper than the stack
        t.exit(A, a, 10);
        t.exit(A, a, 12);         // the same frame again: already gone
        MergedProfile p = merge(20);
        assertEquals(4, p.unmatchedExits);
        assertEquals(0, p.discardedFrames);
        assertEquals(1, p.invocations[A]);
        assertEquals(10, p.inclusive[A]);
        assertEquals(0, p.invocations[B]);
        assertEquals(false, p.seen[B]);
    }

    @Test
    void openFramesCountTheirTimeSoFarButNoInvocation() {
        t.enter(A, 0);            // a thread that never returns
        int b = t.enter(B, 10);
        t.exit(B, b, 20);
        t.enter(C, 30);
        MergedProfile p = merge(50);
        assertEquals(0, p.invocations[A]);
        assertEquals(1, p.open[A]);
        assertEquals(50, p.inclusive[A]);
        assertEquals(20, p.exclusive[A]);        // 50 - 10 (B) - 20 (open C)
        assertEquals(1, p.invocations[B]);
        assertEquals(0, p.open[B]);
        assertEquals(20, p.inclusive[C]);
        assertEquals(20, p.exclusive[C]);
        assertEquals(1, p.open[C]);
        assertEquals(2, t.depth());
    }

    @Test
    void openFramesAreCutWhereTheShutdownSequenceBegins() {
        t.enter(A, 0);            // main, which called System.exit
        t.enter(B, 10);           // Runtime.exit
        t.enter(C, 30);           // Shutdown.exit: waits for the hook that takes this snapshot
        t.enter(R, 35);
        boolean[] shutdown = new boolean[METHODS];
        shutdown[C] = true;
        MergedProfile p = MergedProfile.merge(List.of(t.snapshot(1000)), METHODS, shutdown);
        assertEquals(30, p.inclusive[A]);
        assertEquals(10, p.exclusive[A]);
        assertEquals(20, p.inclusive[B]);
        assertEquals(1, p.open[B]);
        assertEquals(0, p.open[C]);
        assertEquals(0, p.inclusive[C]);
        assertEquals(0, p.inclusive[R]);
        assertEquals(0, p.open[R]);
    }

    @Test
    void timeTheAgentSpentWeavingIsTakenOutOfTheOpenCalls() {
        int a = t.enter(A, 0);
        int b = t.enter(B, 10);          // ClassLoader.loadClass
        t.agentSpent(50);                // the class loaded: the weaving round trip
        t.exit(B, b, 80);
        int open = t.enter(B, 90);
        t.agentSpent(10);
        MergedProfile p = merge(110);
        assertEquals(2, open);
        assertEquals(20, p.total[B], "loadClass: 70 ns minus 50 in the agent");
        assertEquals(20 + 10, p.exclusive[B], "and the open call's 20 minus 10");
        assertEquals(110 - 60, p.inclusive[A]);
        assertEquals(20, p.exclusive[A], "A's own time: 0-10 and 80-90");
        assertEquals(60, p.agentNanos);
    }

    @Test
    void unknownSitesAreCountedNotRecorded() {
        assertEquals(0, t.enter(-1, 0));
        t.exit(-1, 0, 1);
        MergedProfile p = merge(2);
        assertEquals(2, p.unknownSites);
        assertEquals(0, p.contexts);
    }

    @Test
    void aFullTreeFlattensNewPathsAndKeepsPerMethodCountsExact() {
        ThreadProfile small = new ThreadProfile("small", 2, 4);   // root, truncated, and two contexts
        int a = small.enter(A, 0);
        int b = small.enter(B, 1);
        for (int i = 0; i < 3; i++) {
            int c = small.enter(C, 2 + i * 10);
            int r = small.enter(R, 3 + i * 10);
            small.exit(R, r, 5 + i * 10);
            small.exit(C, c, 8 + i * 10);
        }
        small.exit(B, b, 40);
        small.exit(A, a, 50);
        MergedProfile p = MergedProfile.merge(List.of(small.snapshot(50)), METHODS);
        assertEquals(3, p.invocations[C]);
        assertEquals(3, p.invocations[R]);
        assertEquals(18, p.inclusive[C]);
        assertEquals(6, p.inclusive[R]);
        assertEquals(12, p.exclusive[C]);
        assertEquals(2, p.truncatedContexts);
        assertArrayEquals(new long[] {MergedProfile.TRUNCATED_CALLER, 3, 18}, p.callersOf(C).get(0));
        assertEquals(1, p.invocations[A]);
        assertEquals(1, p.invocations[B]);
    }

    @Test
    void aStackDeeperThanTheStartingArraysGrows() {
        int[] tokens = new int[1000];
        for (int i = 0; i < tokens.length; i++) {
            tokens[i] = t.enter(R, i);
        }
        for (int i = tokens.length - 1; i >= 0; i--) {
            t.exit(R, tokens[i], 2000 - i);
        }
        MergedProfile p = merge(3000);
        assertEquals(1000, p.invocations[R]);
        assertEquals(2000, p.inclusive[R]);
        assertEquals(0, p.discardedFrames + p.unmatchedExits);
    }
}
