package io.taper.analysis.sfa.internal;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;

/** References indexed by a non-negative int, in fixed-size chunks (see {@link IntColumn}). */
final class RefColumn<T> {

    private static final int CHUNK_BITS = 10;
    private static final int MASK = (1 << CHUNK_BITS) - 1;

    private volatile AtomicReferenceArray<?>[] chunks = new AtomicReferenceArray<?>[0];

    @SuppressWarnings("unchecked")
    T get(int index) {
        AtomicReferenceArray<?>[] c = chunks;
        int i = index >>> CHUNK_BITS;
        if (i >= c.length || c[i] == null) {
            return null;
        }
        return (T) c[i].get(index & MASK);
    }

    void set(int index, T value) {
        chunk(index).set(index & MASK, value);
    }

    /** Sets the cell if it is still null; returns true if this call set it. */
    boolean setIfNull(int index, T value) {
        return chunk(index).compareAndSet(index & MASK, null, value);
    }

    @SuppressWarnings("unchecked")
    private AtomicReferenceArray<Object> chunk(int index) {
        AtomicReferenceArray<?>[] c = chunks;
        int i = index >>> CHUNK_BITS;
        if (i < c.length && c[i] != null) {
            return (AtomicReferenceArray<Object>) c[i];
        }
        return grow(index);
    }

    @SuppressWarnings("unchecked")
    private synchronized AtomicReferenceArray<Object> grow(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("negative index " + index);
        }
        int i = index >>> CHUNK_BITS;
        AtomicReferenceArray<?>[] c = chunks;
        if (i < c.length && c[i] != null) {
            return (AtomicReferenceArray<Object>) c[i];
        }
        c = Arrays.copyOf(c, Math.max(i + 1, c.length));
        AtomicReferenceArray<Object> a = new AtomicReferenceArray<>(1 << CHUNK_BITS);
        c[i] = a;
        chunks = c;
        return a;
    }
}
