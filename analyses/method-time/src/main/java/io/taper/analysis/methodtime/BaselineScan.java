package io.taper.analysis.methodtime;

import java.util.Map;

/**
 * The numbers {@link RemovalBaselines} keeps for methods removed in one controller step, read straight
 * from every thread's live context tree: per removed method M and caller C, the edge's inclusive
 * nanoseconds (M's outermost activations called from C), and each such caller's inclusive nanoseconds
 * (its outermost activations), open frames included, as {@link MergedProfile} defines them. A full merge
 * copies every tree and builds every edge; this reads only the nodes of the methods involved, which
 * matters because a program whose methods turn cheap one by one has a removal on most steps.
 */
final class BaselineScan {

    private final boolean[] removed;
    private final int methods;
    /** The result, in the shape {@link RemovalBaselines#record} reads: edges into the removed methods, callers' inclusive. */
    final MergedProfile sums;
    private final boolean[] callers;

    private BaselineScan(boolean[] removed, int methods) {
        this.removed = removed;
        this.methods = methods;
        this.sums = new MergedProfile(methods);
        this.callers = new boolean[methods];
    }

    /** Scans every thread for the methods {@code removed[0 .. count-1]}. */
    static MergedProfile of(int[] removedMethods, int count, int methods, long now) {
        return of(ThreadProfiles.all(), removedMethods, count, methods, now);
    }

    /** Scans these threads' profiles. */
    static MergedProfile of(ThreadProfile[] all, int[] removedMethods, int count, int methods, long now) {
        boolean[] removed = new boolean[methods];
        for (int i = 0; i < count; i++) {
            if (removedMethods[i] >= 0 && removedMethods[i] < methods) {
                removed[removedMethods[i]] = true;
            }
        }
        BaselineScan scan = new BaselineScan(removed, methods);
        // each profile's monitor keeps its owner from cutting (renumbering) the tree while it is read
        for (ThreadProfile p : all) {
            synchronized (p) {
                scan.edges(p.liveTree(), p.openTimes(now));
            }
        }
        for (ThreadProfile p : all) {
            synchronized (p) {
                scan.callerTimes(p.liveTree(), p.openTimes(now));
            }
        }
        return scan.sums;
    }

    private void edges(ContextTree t, Map<Integer, Long> open) {
        int n = t.size();
        for (int node = ContextTree.TRUNCATED + 1; node < n; node++) {
            int m = t.method(node);
            if (m < 0 || m >= methods || !removed[m]) {
                continue;
            }
            int parent = t.parent(node);
            if (parent <= ContextTree.TRUNCATED || parent >= node || !outermost(t, node, m)) {
                continue;                        // no real caller, or a recursive activation (counted outside)
            }
            int caller = t.method(parent);
            if (caller < 0 || caller >= methods) {
                continue;
            }
            sums.edge(caller, m)[1] += time(t, node, open);
            callers[caller] = true;
        }
    }

    private void callerTimes(ContextTree t, Map<Integer, Long> open) {
        int n = t.size();
        for (int node = ContextTree.TRUNCATED + 1; node < n; node++) {
            int m = t.method(node);
            if (m >= 0 && m < methods && callers[m] && outermost(t, node, m)) {
                sums.inclusive[m] += time(t, node, open);
            }
        }
    }

    private static long time(ContextTree t, int node, Map<Integer, Long> open) {
        Long o = open.get(node);
        return t.stat(node, ContextTree.NANOS) + (o == null ? 0 : o);
    }

    /** No ancestor of the node runs the same method (the outermost activation on its path). */
    private static boolean outermost(ContextTree t, int node, int method) {
        for (int p = t.parent(node); p > ContextTree.TRUNCATED; p = t.parent(p)) {
            if (t.method(p) == method) {
                return false;
            }
        }
        return true;
    }
}
