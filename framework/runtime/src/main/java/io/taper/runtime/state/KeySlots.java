package io.taper.runtime.state;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A mapper from keys to dense slots (0, 1, 2, ...): per site, per method, per field, per class name,
 * whatever the key says. A key is usually known at weave time (a static-context constant or a site
 * id), so the usual pattern is to map it once when the site registers and to hand the snippet the slot.
 * {@link #slot} of a known key is one hash lookup and allocates nothing (keep keys whose
 * {@code hashCode} is cached, such as String constants).
 *
 * @param <K> key type; keys must be immutable and JSON-shaped (String, Number, List) to appear in rows
 */
public final class KeySlots<K> {

    private static final int CHUNK_BITS = 10;

    private final ConcurrentHashMap<K, Integer> slots = new ConcurrentHashMap<>();
    private volatile AtomicReferenceArray<Object>[] keys = newChunks(0);
    private volatile int size;

    @SuppressWarnings("unchecked")
    private static AtomicReferenceArray<Object>[] newChunks(int n) {
        return (AtomicReferenceArray<Object>[]) new AtomicReferenceArray<?>[n];
    }

    /** The slot of this key, assigning the next free slot on first sight. */
    public int slot(K key) {
        Integer s = slots.get(key);
        return s != null ? s : add(key);
    }

    /** The slot of this key, or -1 if it was never mapped. */
    public int find(K key) {
        Integer s = slots.get(key);
        return s != null ? s : -1;
    }

    private synchronized int add(K key) {
        Integer s = slots.get(key);
        if (s != null) {
            return s;
        }
        int slot = size;
        int chunk = slot >>> CHUNK_BITS;
        AtomicReferenceArray<Object>[] k = keys;
        if (chunk >= k.length) {
            k = java.util.Arrays.copyOf(k, Math.max(chunk + 1, k.length * 2));
        }
        if (k[chunk] == null) {
            k[chunk] = new AtomicReferenceArray<>(1 << CHUNK_BITS);   // published by the size write below
            keys = k;
        }
        k[chunk].set(slot & ((1 << CHUNK_BITS) - 1), key);
        size = slot + 1;                  // a reader that sees the size sees every key below it
        slots.put(key, slot);
        return slot;
    }

    /** The key mapped to this slot. */
    @SuppressWarnings("unchecked")
    public K key(int slot) {
        int n = size;                     // read before keys: see the comment in add
        if (slot < 0 || slot >= n) {
            throw new IndexOutOfBoundsException("slot " + slot + " of " + n);
        }
        return (K) keys[slot >>> CHUNK_BITS].get(slot & ((1 << CHUNK_BITS) - 1));
    }

    /** Number of slots mapped so far; slots are {@code 0 .. size()-1}. */
    public int size() {
        return size;
    }
}
