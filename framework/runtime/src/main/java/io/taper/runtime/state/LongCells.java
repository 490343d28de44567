package io.taper.runtime.state;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Longs indexed by a non-negative int, stored in fixed-size chunks: a cell never moves once its chunk
 * exists, so updating it is one atomic instruction and allocates nothing. Chunks are created on first
 * use (the only allocation), under a lock, and published through a volatile array.
 */
final class LongCells {

    static final int CHUNK_BITS = 10;
    static final int CHUNK = 1 << CHUNK_BITS;
    static final int MASK = CHUNK - 1;

    private volatile AtomicLongArray[] chunks = new AtomicLongArray[0];

    /** The bytes the chunks hold. */
    long bytes() {
        AtomicLongArray[] c = chunks;
        long b = 8L * c.length;
        for (AtomicLongArray a : c) {
            if (a != null) {
                b += 8L * CHUNK;
            }
        }
        return b;
    }

    /** The chunk holding this index, created if needed. */
    AtomicLongArray chunk(int index) {
        AtomicLongArray[] c = chunks;
        int i = index >>> CHUNK_BITS;
        if (i < c.length) {
            AtomicLongArray a = c[i];
            if (a != null) {
                return a;
            }
        }
        return grow(index);
    }

    private synchronized AtomicLongArray grow(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("negative slot " + index);
        }
        int i = index >>> CHUNK_BITS;
        AtomicLongArray[] c = chunks;
        if (i >= c.length) {
            c = java.util.Arrays.copyOf(c, Math.max(i + 1, c.length * 2));
        } else if (c[i] != null) {
            return c[i];
        } else {
            c = c.clone();
        }
        AtomicLongArray a = new AtomicLongArray(CHUNK);
        c[i] = a;
        chunks = c;
        return a;
    }

    long get(int index) {
        AtomicLongArray[] c = chunks;
        int i = index >>> CHUNK_BITS;
        if (index < 0 || i >= c.length || c[i] == null) {
            return 0;
        }
        return c[i].get(index & MASK);
    }

    long getAndAdd(int index, long delta) {
        return chunk(index).getAndAdd(index & MASK, delta);
    }

    boolean compareAndSet(int index, long expected, long value) {
        return chunk(index).compareAndSet(index & MASK, expected, value);
    }
}
