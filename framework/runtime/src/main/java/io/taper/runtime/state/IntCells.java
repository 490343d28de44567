package io.taper.runtime.state;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Ints indexed by a non-negative int, stored in fixed-size chunks: a cell never moves once its chunk
 * exists, so updating it is one atomic instruction and allocates nothing. Chunks are created on first
 * use (the only allocation), under a lock, and published through a volatile array.
 */
final class IntCells {

    static final int CHUNK_BITS = 10;
    static final int CHUNK = 1 << CHUNK_BITS;
    static final int MASK = CHUNK - 1;

    private volatile AtomicIntegerArray[] chunks = new AtomicIntegerArray[0];

    /** The chunk holding this index, created if needed. */
    AtomicIntegerArray chunk(int index) {
        AtomicIntegerArray[] c = chunks;
        int i = index >>> CHUNK_BITS;
        if (i < c.length) {
            AtomicIntegerArray a = c[i];
            if (a != null) {
                return a;
            }
        }
        return grow(index);
    }

    private synchronized AtomicIntegerArray grow(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("negative slot " + index);
        }
        int i = index >>> CHUNK_BITS;
        AtomicIntegerArray[] c = chunks;
        if (i >= c.length) {
            c = java.util.Arrays.copyOf(c, Math.max(i + 1, c.length * 2));
        } else if (c[i] != null) {
            return c[i];
        } else {
            c = c.clone();
        }
        AtomicIntegerArray a = new AtomicIntegerArray(CHUNK);
        c[i] = a;
        chunks = c;
        return a;
    }

    int get(int index) {
        AtomicIntegerArray[] c = chunks;
        int i = index >>> CHUNK_BITS;
        if (index < 0 || i >= c.length || c[i] == null) {
            return 0;
        }
        return c[i].get(index & MASK);
    }

    int getAndAdd(int index, int delta) {
        return chunk(index).getAndAdd(index & MASK, delta);
    }

    boolean compareAndSet(int index, int expected, int value) {
        return chunk(index).compareAndSet(index & MASK, expected, value);
    }
}
