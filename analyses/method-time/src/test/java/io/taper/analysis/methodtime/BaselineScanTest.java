package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The controller's cheap scan gives the same baselines as a full merge of the same threads. */
class BaselineScanTest {

    static final int MAIN = 0;
    static final int WORK = 1;
    static final int HELPER = 2;
    static final int METHODS = 3;

    @Test
    void edgesIntoTheRemovedMethodsAndTheirCallersTimesMatchAFullMerge() {
        ThreadProfile t = new ThreadProfile("t", 1, 64);
        int m = t.enter(MAIN, 0);
        int w = t.enter(WORK, 10);
        int h = t.enter(HELPER, 12);
        t.exit(HELPER, h, 15);
        int w2 = t.enter(WORK, 16);             // recursive: only the outermost activation counts
        t.exit(WORK, w2, 20);
        t.exit(WORK, w, 40);
        t.exit(MAIN, m, 50);
        t.enter(MAIN, 60);                      // open
        t.enter(WORK, 70);                      // open, under the open MAIN
        ThreadProfile u = new ThreadProfile("u", 2, 64);
        int h2 = u.enter(HELPER, 0);            // a thread's outermost call: no caller
        u.exit(HELPER, h2, 9);

        MergedProfile full = MergedProfile.merge(List.of(t.snapshot(100), u.snapshot(100)), METHODS);
        MergedProfile scan = BaselineScan.of(new ThreadProfile[] {t, u}, new int[] {WORK, HELPER}, 2, METHODS, 100);

        assertEquals(30 + 30, full.edgeNanos(MAIN, WORK));
        assertEquals(full.edgeNanos(MAIN, WORK), scan.edgeNanos(MAIN, WORK));
        assertEquals(full.edgeNanos(WORK, HELPER), scan.edgeNanos(WORK, HELPER));
        assertEquals(3, scan.edgeNanos(WORK, HELPER));
        assertEquals(50 + 40, full.inclusive[MAIN]);
        assertEquals(full.inclusive[MAIN], scan.inclusive[MAIN]);
        assertEquals(full.inclusive[WORK], scan.inclusive[WORK]);
        assertEquals(0, scan.edgeNanos(MergedProfile.NO_CALLER, HELPER), "no baseline without a real caller");
        assertEquals(0, scan.inclusive[HELPER], "not a caller of a removed method");
    }
}
