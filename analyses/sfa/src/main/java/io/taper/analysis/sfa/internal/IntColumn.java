package io.taper.analysis.sfa.internal;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Ints indexed by a non-negative int (a site id, a field slot), in fixed-size chunks: a cell never moves
 * once its chunk exists, so reading it is two loads and updating it one atomic instruction. Chunks are
 * created on first write, under a lock. Unwritten cells read 0.
 */
final class IntColumn {

    private static final int CHUNK_BITS = 10;
    private static final int MASK = (1 << CHUNK_BITS) - 1;

    private volatile AtomicIntegerArray[] chunks = new AtomicIntegerArray[0];

    int get(int index) {
        AtomicIntegerArray[] c = chunks;
        int i = index >>> CHUNK_BITS;
        if (i >= c.length) {
            return 0;
        }
        AtomicIntegerArray a = c[i];
        return a == null ? 0 : a.get(index & MASK);
    }

    void set(int index, int value) {
        chunk(index).set(index & MASK, value);
    }

    /** Sets these bits (atomic OR); returns the value before. */
    int setBits(int index, int bits) {
        AtomicIntegerArray a = chunk(index);
        int i = index & MASK;
        for (;;) {
            int old = a.get(i);
            if ((old & bits) == bits || a.compareAndSet(i, old, old | bits)) {
                return old;
            }
        }
    }

    private AtomicIntegerArray chunk(int index) {
        AtomicIntegerArray[] c = chunks;
        int i = index >>> CHUNK_BITS;
        if (i < c.length && c[i] != null) {
            return c[i];
        }
        return grow(index);
    }

    private synchronized AtomicIntegerArray grow(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("negative index " + index);
        }
        int i = index >>> CHUNK_BITS;
        AtomicIntegerArray[] c = chunks;
        if (i < c.length && c[i] != null) {
            return c[i];
        }
        c = Arrays.copyOf(c, Math.max(i + 1, c.length));
        AtomicIntegerArray a = new AtomicIntegerArray(1 << CHUNK_BITS);
        c[i] = a;
        chunks = c;
        return a;
    }
}
