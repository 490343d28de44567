package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The estimate of removed methods' inclusive time with hand-made timestamps and baselines: a removed method
 * keeps its share of its callers' later time, through chains of removed callers and cycles, and has no
 * share to keep without a real caller. With sampling on, a removed method's samples are added instead.
 */
class InclusiveEstimateTest {

    static final int C = 0, M = 1, B = 2, R = 3, METHODS = 4;

    @Test
    void aRemovedMethodKeepsItsShareOfItsCallersLaterTime() {
        ThreadProfile t = new ThreadProfile("main", 1, 64);
        t.enter(C, 0);                          // the caller never returns: a main loop
        int m = t.enter(M, 10);
        t.exit(M, m, 50);
        RemovalBaselines baselines = new RemovalBaselines();
        baselines.record(new int[] {M}, 1, merge(t, 100));     // removed at 100: C has 100, M 40 of them
        assertArrayEquals(new long[] {C, 40, 100}, baselines.of(M));

        MergedProfile end = merge(t, 300);      // later calls of M are no longer observed: M stays at 40
        assertEquals(300, end.inclusive[C]);
        assertEquals(40, end.inclusive[M]);
        long[] est = InclusiveEstimate.of(end, baselines);
        assertEquals(40 + 80, est[M], "40 / 100 of C's 300, of which the 40 measured are counted already");
        assertEquals(300, est[C], "a method not removed keeps its inclusive time");
    }

    @Test
    void timeGatheredBeforeTheRemovalTookEffectIsNotCountedTwice() {
        ThreadProfile t = new ThreadProfile("main", 1, 64);
        t.enter(C, 0);
        int m = t.enter(M, 10);
        t.exit(M, m, 50);
        RemovalBaselines baselines = new RemovalBaselines();
        baselines.record(new int[] {M}, 1, merge(t, 100));     // 40 of C's 100
        int late = t.enter(M, 110);             // its class not retransformed yet: still observed
        t.exit(M, late, 120);
        MergedProfile end = merge(t, 300);
        assertEquals(50, end.inclusive[M]);
        assertEquals(40 + 80, InclusiveEstimate.of(end, baselines)[M],
                "40 / 100 of C's 300, of which the 50 measured are counted already");
    }

    @Test
    void aRemovedCallerPassesItsEstimateOn() {
        MergedProfile end = new MergedProfile(METHODS);
        end.inclusive[B] = 1000;
        end.inclusive[C] = 100;
        end.inclusive[M] = 40;
        end.edge(B, C)[1] = 100;
        end.edge(C, M)[1] = 40;
        RemovalBaselines baselines = new RemovalBaselines();
        baselines.add(M, C, 40, 100);           // M: 40 of C's 100 when removed
        baselines.add(C, B, 100, 200);          // C, removed too: 100 of B's 200
        long[] est = InclusiveEstimate.of(end, baselines);
        assertEquals(100 + 400, est[C], "100 / 200 of B's 1000, less the 100 measured");
        assertEquals(40 + 160, est[M], "40 / 100 of C's estimated 500, less the 40 measured");
        assertEquals(1000, est[B]);
    }

    @Test
    void aCalleeRemovedWithItsCallerNeverOvertakesIt() {
        // B -> C -> M, M all of C's time; C and M removed at one step, and both observed 50 more before
        // their class was retransformed
        MergedProfile end = new MergedProfile(METHODS);
        end.inclusive[B] = 1000;
        end.inclusive[C] = 150;
        end.inclusive[M] = 150;
        end.edge(B, C)[1] = 150;
        end.edge(C, M)[1] = 150;
        RemovalBaselines baselines = new RemovalBaselines();
        baselines.add(C, B, 100, 200);
        baselines.add(M, C, 100, 100);
        long[] est = InclusiveEstimate.of(end, baselines);
        assertEquals(500, est[C], "100 / 200 of B's 1000");
        assertEquals(500, est[M], "all of C's estimated 500 (adding to 150 what C gained after 100: 600)");
    }

    @Test
    void aCycleOfRemovedMethodsTerminatesWithTheMeasuredTimeStandingIn() {
        MergedProfile end = new MergedProfile(METHODS);
        end.inclusive[C] = 150;
        end.inclusive[M] = 100;
        end.inclusive[R] = 400;
        end.edge(M, C)[1] = 20;
        end.edge(C, M)[1] = 50;
        end.edge(R, M)[1] = 20;
        end.edge(MergedProfile.NO_CALLER, M)[1] = 30;
        RemovalBaselines baselines = new RemovalBaselines();
        baselines.add(C, M, 20, 100);           // C and M call each other; M also has a real caller R
        baselines.add(M, C, 50, 100);
        baselines.add(M, R, 20, 200);
        long[] est = InclusiveEstimate.of(end, baselines);
        // C first (lowest slot): M is estimated inside, with C's measured 150 for C
        assertEquals(100 + 25 + 20, est[M], "50 / 100 of C's 150 less 50, 20 / 200 of R's 400 less 20");
        assertEquals(150 + 9, est[C], "20 / 100 of M's estimated 145 less 20");
    }

    @Test
    void noRealCallerNoExtrapolation() {
        ThreadProfile t = new ThreadProfile("worker", 2, 64);
        for (int i = 0; i < 2; i++) {           // M is the thread's outermost call: caller -1
            int m = t.enter(M, 20 * i);
            t.exit(M, m, 20 * i + 10);
        }
        RemovalBaselines baselines = new RemovalBaselines();
        baselines.record(new int[] {M}, 1, merge(t, 40));
        assertArrayEquals(new long[0], baselines.of(M), "no caller to share out");
        t.enter(R, 50);
        MergedProfile end = merge(t, 1000);
        assertEquals(20, InclusiveEstimate.of(end, baselines)[M]);

        RemovalBaselines callerWithoutTime = new RemovalBaselines();
        callerWithoutTime.add(M, C, 0, 0);
        MergedProfile later = new MergedProfile(METHODS);
        later.inclusive[C] = 500;
        later.inclusive[M] = 20;
        assertEquals(20, InclusiveEstimate.of(later, callerWithoutTime)[M], "a caller with no time then is skipped");
    }

    @Test
    void aMethodKeepsTheBaselinesOfItsRemoval() {
        ThreadProfile t = new ThreadProfile("main", 1, 64);
        t.enter(C, 0);
        int m = t.enter(M, 10);
        t.exit(M, m, 20);
        RemovalBaselines baselines = new RemovalBaselines();
        baselines.record(new int[] {M, B}, 1, merge(t, 30));     // only the first count methods
        baselines.record(new int[] {M}, 1, merge(t, 90));
        assertArrayEquals(new long[] {C, 10, 30}, baselines.of(M));
        assertArrayEquals(new int[] {M}, baselines.methods());
    }

    private static MergedProfile merge(ThreadProfile t, long now) {
        return MergedProfile.merge(List.of(t.snapshot(now)), METHODS);
    }

    @Test
    void sampledTimeIsAddedToTheRemovedMethodsMeasuredTime() {
        MergedProfile end = new MergedProfile(METHODS);
        end.inclusive[C] = 1_000;
        end.inclusive[M] = 40;
        end.inclusive[B] = 70;
        SampledTimes samples = new SampledTimes();
        samples.watch(M, new MethodKey(0, "a/C", "m", "()V"));
        samples.add(new int[] {M}, new double[] {1.0}, 1, 500);
        samples.add(new int[] {M}, new double[] {0.5}, 1, 100);
        assertArrayEquals(new long[] {1_000, 40 + 550, 70, 0}, InclusiveEstimate.fromSamples(end, samples),
            "M: measured 40, sampled 500 and half of 100; the others as measured");
    }
    /**
     * A recursive chain removed together (R and B calling each other, under C, under a root that runs 1,000 ns),
     * whose frames stayed open while the sampler also credited them: the raw estimates overshoot the run; bounded,
     * none exceeds its callers' time nor the thread's, and the recursion's own edges do not widen the cap.
     */
    @Test
    void aRemovedRecursiveChainNeverExceedsItsCallersOrTheThread() {
        ThreadProfile t = new ThreadProfile("main", 1, 64);
        int root = t.enter(M, 0);
        int c = t.enter(C, 0);
        int r1 = t.enter(R, 100);
        int b1 = t.enter(B, 150);
        int r2 = t.enter(R, 200);               // re-enters R (folded): time not counted again
        t.exit(R, r2, 300);
        t.exit(B, b1, 350);
        t.exit(R, r1, 600);
        t.exit(C, c, 900);
        t.exit(M, root, 1_000);
        MergedProfile end = merge(t, 1_000);
        assertEquals(500, end.inclusive[R]);
        assertEquals(200, end.inclusive[B]);
        assertEquals(900, end.inclusive[C]);

        SampledTimes samples = new SampledTimes();
        samples.watch(R, new MethodKey(0, "a/R", "r", "()V"));
        samples.watch(B, new MethodKey(0, "a/B", "b", "()V"));
        samples.add(new int[] {R, B}, new double[] {1.0, 1.0}, 2, 900);   // open frames sampled on: too much
        long[] raw = InclusiveEstimate.fromSamples(end, samples);
        assertEquals(1_400, raw[R]);
        assertEquals(1_100, raw[B]);

        long[] bounded = InclusiveEstimate.bounded(end, raw, end.tree.totalNanos());
        assertEquals(1_000, end.tree.totalNanos());
        assertEquals(900, bounded[R], "R's outermost calls come from C only: C's 900 at most");
        assertEquals(900, bounded[B], "B is called by R only: R's bounded 900 at most");
        assertEquals(900, bounded[C], "not estimated: as measured");
        assertEquals(1_000, bounded[M]);
        assertEquals(1_000, InclusiveEstimate.bounded(end, new long[] {1_000, 5_000, 7_000, 9_000}, 1_000)[C],
            "nothing above the thread's time");
    }
}
