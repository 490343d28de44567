package io.taper.analysis.bytecodecount;

import java.util.HashMap;
import java.util.Map;

/**
 * The block counts adaptive mode adds to what the counters hold, for the methods that ran with an entry-only
 * counter ({@link StableCountStrategy}). The controller publishes each such method's model (what earlier entry-only
 * phases added, and for a method entry-only now the anchor its extrapolation starts from and its per-call block
 * counts); the counts are worked out from the counters when they are read, so calls made since the controller's
 * last step count too.
 */
final class Extrapolation {

    /** One method's model; arrays are never changed once published. */
    static final class Model {
        final int invocationCounter;
        final int firstBlockCounter;
        /** Per block, executions kept from earlier entry-only phases. */
        final long[] kept;
        /** Invocations then each block's count at the decision, or null when the method is counted in full. */
        final long[] anchor;
        /** Per block, executions per call while entry-only (with {@code anchor}). */
        final long[] ratios;

        Model(int invocationCounter, int firstBlockCounter, long[] kept, long[] anchor, long[] ratios) {
            this.invocationCounter = invocationCounter;
            this.firstBlockCounter = firstBlockCounter;
            this.kept = kept;
            this.anchor = anchor;
            this.ratios = ratios;
        }

        /** Per block, the executions the counters miss, given the class's counts now. */
        long[] missing(long[] counts) {
            long[] e = kept.clone();
            if (anchor != null) {
                long calls = counts[invocationCounter] - anchor[0];
                for (int b = 0; b < e.length; b++) {
                    e[b] += Math.max(0, anchor[1 + b] + ratios[b] * calls - counts[firstBlockCounter + b]);
                }
            }
            return e;
        }
    }

    /** Per class slot, per method (by its first block counter), its model; guarded by the class lock. */
    private static Map<Integer, Map<Integer, Model>> models = new HashMap<>();

    private Extrapolation() {
    }

    static synchronized void publish(int slot, Model m) {
        Map<Integer, Model> byMethod = models.get(slot);
        if (byMethod == null) {
            byMethod = new HashMap<>();
            models.put(slot, byMethod);
        }
        byMethod.put(m.firstBlockCounter, m);
    }

    /** Forgets every model: after a detach, the next session's class slots are numbered from zero again. */
    static synchronized void clear() {
        models = new HashMap<>();
    }

    /** Whether any method of the slot ran entry-only. */
    static synchronized boolean has(int slot) {
        return models.containsKey(slot);
    }

    /** The counts to add to a slot's counters, given their values now, or null if none. */
    static long[] added(int slot, long[] counts) {
        Model[] ofSlot;
        synchronized (Extrapolation.class) {
            Map<Integer, Model> byMethod = models.get(slot);
            if (byMethod == null) {
                return null;
            }
            ofSlot = byMethod.values().toArray(new Model[0]);
        }
        long[] added = new long[counts.length];
        for (Model m : ofSlot) {
            long[] e = m.missing(counts);
            for (int b = 0; b < e.length; b++) {
                added[m.firstBlockCounter + b] += e[b];
            }
        }
        return added;
    }
}
