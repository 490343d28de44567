package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.runtime.StateBudget;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A full context tree cuts its coldest contexts into the flattened ones (hand-made timestamps): the hot contexts and
 * the open frames' stay, per-method figures stay exact, and the cut time is reported as flattened time.
 */
class ContextCutTest {

    static final int A = 0, HOT = 1, C = 2, R = 3, P = 4, PS = 20, Q = P + PS, QS = 20, METHODS = Q + QS;

    @BeforeEach
    void handMadeTime() {
        ThreadProfile.timeCuts = false;
    }

    @AfterEach
    void realTime() {
        ThreadProfile.timeCuts = true;
        StateBudget.reset();
    }

    @Test
    void aCutMovesTheColdestHalfIntoFlattenedContexts() {
        ContextTree t = new ContextTree(9);
        int a = t.child(ContextTree.ROOT, A);           // 2, open
        int b = t.child(a, HOT);                         // 3: 100 ns
        int c = t.child(a, C);                           // 4: 5 ns
        int d = t.child(c, P);                           // 5: 3 ns, below a cut context
        int e = t.child(a, R);                           // 6: 50 ns
        int d2 = t.child(e, P);                          // 7: 2 ns
        int alias = t.child(b, HOT);                     // 8: HOT re-entered under itself
        assertArrayEquals(new int[] {2, 3, 4, 5, 6, 7, 8}, new int[] {a, b, c, d, e, d2, alias});
        assertEquals(b, t.target(alias));
        t.record(b, 100, 99);
        t.recordReentry(alias, 1);
        t.record(c, 5, 2);
        t.record(d, 3, 3);
        t.record(e, 50, 48);
        t.record(d2, 2, 2);
        boolean[] pinned = new boolean[9];
        pinned[a] = true;

        int[] moved = t.cut(pinned);

        // candidates 100, 5, 3, 50, 2: the median 5 and below go; the alias stays with HOT
        assertArrayEquals(new int[] {0, 1, 2, 3, ~6, ~7, 4, ~7, 5}, moved);
        assertEquals(8, t.size());
        assertEquals(5 + 2, t.lastCutNanos, "C's subtree and R > P, each at its root");
        assertEquals(ContextTree.TRUNCATED, t.parent(6));
        assertEquals(C, t.method(6));
        assertEquals(5, t.stat(6, ContextTree.NANOS));
        assertEquals(P, t.method(7));
        assertEquals(2, t.stat(7, ContextTree.CALLS));
        assertEquals(5, t.stat(7, ContextTree.NANOS));
        assertEquals(5, t.stat(7, ContextTree.SELF_NANOS));
        assertEquals(2, t.stat(7, ContextTree.MIN_NANOS));
        assertEquals(3, t.stat(7, ContextTree.MAX_NANOS));
        assertEquals(100, t.stat(3, ContextTree.NANOS));
        assertEquals(100, t.stat(3, ContextTree.SELF_NANOS), "the re-entry's self time stays on HOT");
        assertEquals(1, t.stat(5, ContextTree.CALLS));
        assertEquals(3, t.child(2, HOT), "the child table is rebuilt");
        assertEquals(5, t.child(3, HOT));
        assertEquals(3, t.target(5));
        assertEquals(4, t.child(2, R));
        assertEquals(8, t.child(2, C), "a cut path comes back as a new context");
        assertEquals(0, t.stat(8, ContextTree.CALLS));
        assertEquals(9, t.size());
    }

    @Test
    void aCutThatWouldFreeTooLittleChangesNothing() {
        ContextTree t = new ContextTree(16);
        int a = t.child(ContextTree.ROOT, A);
        int b = t.child(a, HOT);
        t.record(b, 1, 1);
        boolean[] pinned = new boolean[t.size()];
        pinned[a] = true;
        assertNull(t.cut(pinned), "cutting HOT frees nothing: its method needs a flattened context of its own");
        assertEquals(4, t.size());
        assertEquals(b, t.child(a, HOT));
    }

    @Test
    void aFullTreeKeepsItsHotContextsAndExactPerMethodFigures() {
        ThreadProfile t = new ThreadProfile("main", 1, 64);
        long now = 0;
        int a = t.enter(A, now);
        int h = t.enter(HOT, now += 10);
        t.exit(HOT, h, now += 1000);
        int c = t.enter(C, now += 1);
        for (int i = 0; i < PS; i++) {               // C > P+i > Q+j: 420 contexts of 40 methods, 1 ns per Q
            int p = t.enter(P + i, now += 1);
            for (int j = 0; j < QS; j++) {
                int q = t.enter(Q + j, now += 1);
                t.exit(Q + j, q, now += 1);
            }
            t.exit(P + i, p, now += 1);
        }
        t.exit(C, c, now += 1);
        int h2 = t.enter(HOT, now += 1);
        t.exit(HOT, h2, now += 1);
        t.exit(A, a, now += 1);

        MergedProfile p = MergedProfile.merge(List.of(t.snapshot(now)), METHODS);
        assertTrue(p.cuts >= 5, "cuts: " + p.cuts);
        assertTrue(p.contexts <= 64, "contexts: " + p.contexts);
        assertEquals(1, p.invocations[A]);
        assertEquals(now, p.inclusive[A]);
        assertArrayEquals(new long[] {A, 2, 1001}, p.callersOf(HOT).get(0), "the hot context survives every cut");
        assertEquals(1, p.callersOf(HOT).size());
        assertEquals(PS * (2 * QS + 2) + 1, p.inclusive[C]);
        long cutCalls = 0;
        for (int i = 0; i < PS; i++) {
            assertEquals(1, p.invocations[P + i]);
            assertEquals(2 * QS + 1, p.inclusive[P + i]);
            assertEquals(QS + 1, p.exclusive[P + i]);
        }
        for (int j = 0; j < QS; j++) {
            assertEquals(PS, p.invocations[Q + j]);
            assertEquals(PS, p.inclusive[Q + j]);
            assertEquals(PS, p.exclusive[Q + j]);
            for (long[] e : p.callersOf(Q + j)) {
                if (e[0] == MergedProfile.TRUNCATED_CALLER) {
                    cutCalls += e[1];
                } else {
                    assertEquals(1, e[1]);
                }
            }
        }
        assertTrue(cutCalls > PS * QS / 2, "most cold contexts were cut: " + cutCalls);
        assertTrue(p.cutNanos > 0 && p.flattenedNanos >= p.cutNanos, p.cutNanos + " of " + p.flattenedNanos);
        assertEquals(0, p.unmatchedExits + p.discardedFrames);
    }

    @Test
    void openRecursiveFramesSurviveCutsAndCloseExactly() {
        ThreadProfile t = new ThreadProfile("main", 1, 32);
        long now = 0;
        int a = t.enter(A, now);
        int[] r = new int[3];
        for (int k = 0; k < r.length; k++) {
            r[k] = t.enter(R, now += 1);              // R > R > R: two folded re-entries, open through the cuts
        }
        for (int i = 0; i < PS; i++) {
            int p = t.enter(P + i, now += 1);
            for (int j = 0; j < QS; j++) {
                int q = t.enter(Q + j, now += 1);
                t.exit(Q + j, q, now += 1);
            }
            t.exit(P + i, p, now += 1);
        }
        for (int k = r.length - 1; k >= 0; k--) {
            t.exit(R, r[k], now += 1);
        }
        t.exit(A, a, now += 1);

        MergedProfile p = MergedProfile.merge(List.of(t.snapshot(now)), METHODS);
        long work = PS * (2 * QS + 2);                  // the P calls, inside the innermost R
        assertTrue(p.cuts >= 3, "cuts: " + p.cuts);
        assertEquals(3, p.invocations[R]);
        assertEquals(3, p.recursion[R]);
        assertEquals(3 + work + 2, p.inclusive[R], "the outermost R's time, once");
        assertEquals(PS + 1 + 2 + 2, p.exclusive[R], "the innermost R's gaps between the P calls and its last ns, 2 ns for each outer R");
        for (int i = 0; i < PS; i++) {
            assertEquals(1, p.invocations[P + i]);
            assertEquals(2 * QS + 1, p.inclusive[P + i]);
        }
        for (int j = 0; j < QS; j++) {
            assertEquals(PS, p.invocations[Q + j]);
        }
        assertEquals(now, p.inclusive[A]);
        assertEquals(0, p.unmatchedExits + p.discardedFrames);
    }

    @Test
    void onceTheStateBudgetIsReachedATreeCutsInsteadOfGrowing() {
        StateBudget.set(1000);
        StateBudget.measured(1000);
        ThreadProfile t = new ThreadProfile("main", 1, 1 << 16);     // room for far more, but no more memory
        long now = 0;
        int a = t.enter(A, now);
        for (int i = 0; i < PS; i++) {
            int p = t.enter(P + i, now += 1);
            for (int j = 0; j < QS; j++) {
                int q = t.enter(Q + j, now += 1);
                t.exit(Q + j, q, now += 1);
            }
            t.exit(P + i, p, now += 1);
        }
        t.exit(A, a, now += 1);
        MergedProfile p = MergedProfile.merge(List.of(t.snapshot(now)), METHODS);
        assertTrue(p.cuts >= 1, "cuts: " + p.cuts);
        assertTrue(p.contexts < 64, "the tree's first arrays hold 64 nodes: " + p.contexts);
        for (int j = 0; j < QS; j++) {
            assertEquals(PS, p.invocations[Q + j]);
        }
        assertEquals(now, p.inclusive[A]);
    }

    @Test
    void aTreeHoldsAsManyContextsAsTheStateBudget() {
        StateBudget.set(100L << 20);
        assertEquals((100L << 20) / ThreadProfiles.CONTEXT_BYTES, ThreadProfiles.maxContextsPerThread());
        StateBudget.set(1L << 20);
        assertEquals(ThreadProfiles.MIN_CONTEXTS, ThreadProfiles.maxContextsPerThread());
        StateBudget.reset();
        assertEquals(ThreadProfiles.MAX_CONTEXTS, ThreadProfiles.maxContextsPerThread());
    }
}
