package io.taper.analysis.methodtime;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * How each removed method stood with its callers when it was removed: per caller C of a removed method M,
 * the edge's inclusive nanoseconds e(C, M) and C's inclusive nanoseconds I(C), both from one merged
 * snapshot of all threads taken at the removal (open frames included: the caller is often a frame that has
 * not returned yet, such as a program's main loop). {@link InclusiveEstimate} extrapolates from them.
 *
 * <p>Only real callers get a baseline: a thread's outermost call (caller -1) and a flattened context (-2)
 * have no caller whose later time could be shared out. The controller thread writes, the results reader
 * reads at shutdown: every access is synchronized.
 */
final class RemovalBaselines {

    /** The baselines of this run, recorded by {@link MethodTimeStrategy} and read by {@link MethodTimeResults}. */
    static final RemovalBaselines RECORDED = new RemovalBaselines();

    /** The fields of one baseline, {@link #FIELDS} longs apart in a method's array. */
    static final int CALLER = 0;
    static final int EDGE_NANOS = 1;
    static final int CALLER_NANOS = 2;
    static final int FIELDS = 3;

    // removed method -> its callers' baselines, FIELDS longs each
    private final HashMap<Integer, long[]> byMethod = new HashMap<>();

    /**
     * Records the baselines of {@code methods[0 .. count-1]}, all removed at the instant of {@code at}. A
     * method recorded before keeps its first baselines (it was removed then).
     */
    synchronized void record(int[] methods, int count, MergedProfile at) {
        for (int i = 0; i < count; i++) {
            int m = methods[i];
            if (byMethod.containsKey(m)) {
                continue;
            }
            Map<Integer, long[]> edges = at.callers.get(m);
            long[] baselines = new long[0];
            if (edges != null) {
                baselines = new long[edges.size() * FIELDS];
                int n = 0;
                for (Map.Entry<Integer, long[]> e : edges.entrySet()) {
                    int caller = e.getKey();
                    if (caller >= 0 && caller < at.methods) {
                        baselines[n + CALLER] = caller;
                        baselines[n + EDGE_NANOS] = e.getValue()[1];
                        baselines[n + CALLER_NANOS] = at.inclusive[caller];
                        n += FIELDS;
                    }
                }
                baselines = Arrays.copyOf(baselines, n);
            }
            byMethod.put(m, baselines);
        }
    }

    /** Forgets every baseline: after a detach the next session's method slots are numbered from zero again. */
    synchronized void clear() {
        byMethod.clear();
    }

    /** Records one caller's baseline of a removed method (tests build baselines by hand with it). */
    synchronized void add(int method, int caller, long edgeNanos, long callerNanos) {
        long[] old = byMethod.get(method);
        long[] now = old == null ? new long[FIELDS] : Arrays.copyOf(old, old.length + FIELDS);
        int at = now.length - FIELDS;
        now[at + CALLER] = caller;
        now[at + EDGE_NANOS] = edgeNanos;
        now[at + CALLER_NANOS] = callerNanos;
        byMethod.put(method, now);
    }

    /** True if the method was recorded as removed. */
    synchronized boolean has(int method) {
        return byMethod.containsKey(method);
    }

    /** The method's baselines ({@link #FIELDS} longs each; empty if it had no real caller), or null if it has none. */
    synchronized long[] of(int method) {
        long[] b = byMethod.get(method);
        return b == null ? null : b.clone();
    }

    /** The recorded methods, ascending. */
    synchronized int[] methods() {
        int[] ms = new int[byMethod.size()];
        int i = 0;
        for (Integer m : byMethod.keySet()) {
            ms[i++] = m;
        }
        Arrays.sort(ms);
        return ms;
    }
}
