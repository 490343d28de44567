package io.taper.api;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where each woven class's counters lie in a thread's one counter array (the field that a patched {@code java.base}
 * adds to {@code java.lang.Thread}, see {@link ThreadCounterCode#fieldArray}): a range per class slot
 * ({@link WovenClassSlots}), handed out once, one after another, so that a class woven again counts where it did.
 * Thread-safe.
 */
public final class FieldCounterRanges {

    private final Map<Integer, Integer> bases = new ConcurrentHashMap<>();
    private final AtomicInteger next = new AtomicInteger();

    /** The first counter of the slot's range; {@code size} counters from there are the slot's. */
    public int baseOf(int slot, int size) {
        return bases.computeIfAbsent(slot, k -> next.getAndAdd(size));
    }

    /**
     * The counter numbers {@code base} to {@code base + size - 1}: a woven class's run numbers
     * ({@link ClassTransform.Woven#numbered}), which the woven-class cache rewrites for a later run's range.
     */
    public static int[] numbers(int base, int size) {
        int[] r = new int[size];
        for (int i = 0; i < size; i++) {
            r[i] = base + i;
        }
        return r;
    }
}
