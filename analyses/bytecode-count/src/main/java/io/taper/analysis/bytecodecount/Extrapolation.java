package io.taper.analysis.bytecodecount;

import java.util.HashMap;
import java.util.Map;

/**
 * The block counts adaptive mode adds to what the counters hold: per class slot and counter, the executions a block
 * had while its method ran with an entry-only counter ({@link StableCountStrategy}), extrapolated from the method's
 * invocations and its per-invocation count. Written by the controller thread, read by the results.
 */
final class Extrapolation {

    private static final Map<Integer, long[]> ADDED = new HashMap<>();

    private Extrapolation() {
    }

    /** Sets the counts added to a slot's counters (a copy is kept). */
    static synchronized void set(int slot, long[] added) {
        ADDED.put(slot, added.clone());
    }

    /** The counts added to a slot's counters, or null. */
    static synchronized long[] of(int slot) {
        long[] a = ADDED.get(slot);
        return a == null ? null : a.clone();
    }
}
