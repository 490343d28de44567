package io.taper.runtime.state;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A grow-only map from long keys to int values without boxing: lock-free lookups (open addressing
 * over atomic arrays), inserts under a lock. Used where a hot-path lookup has a composite key, such
 * as (parent context, method) in the calling-context tree.
 */
final class ConcurrentLongIntMap {

    /** A stored key is key + 1, so 0 marks an empty cell and every key but Long.MAX_VALUE is allowed. */
    private static final class Table {
        final AtomicLongArray keys;
        final AtomicIntegerArray values;
        final int mask;

        Table(int capacity) {
            keys = new AtomicLongArray(capacity);
            values = new AtomicIntegerArray(capacity);
            mask = capacity - 1;
        }
    }

    private volatile Table table = new Table(64);
    private int size;

    /** The value for this key, or -1. */
    int get(long key) {
        Table t = table;
        long stored = key + 1;
        for (int i = spread(key) & t.mask; ; i = (i + 1) & t.mask) {
            long k = t.keys.get(i);
            if (k == stored) {
                return t.values.get(i);
            }
            if (k == 0) {
                return -1;
            }
        }
    }

    /** Maps the key to {@code value} unless it is mapped already; returns the value now mapped. */
    synchronized int putIfAbsent(long key, int value) {
        int existing = get(key);
        if (existing >= 0) {
            return existing;
        }
        if (key == Long.MAX_VALUE) {
            throw new IllegalArgumentException("key " + key);
        }
        if ((size + 1) * 2 > table.mask + 1) {
            Table bigger = new Table((table.mask + 1) * 2);
            Table t = table;
            for (int i = 0; i <= t.mask; i++) {
                long k = t.keys.get(i);
                if (k != 0) {
                    insert(bigger, k, t.values.get(i));
                }
            }
            table = bigger;   // readers of the old table miss only keys that then take this lock
        }
        insert(table, key + 1, value);
        size++;
        return value;
    }

    private static void insert(Table t, long stored, int value) {
        for (int i = spread(stored - 1) & t.mask; ; i = (i + 1) & t.mask) {
            if (t.keys.get(i) == 0) {
                t.values.set(i, value);     // value first: a reader that sees the key sees the value
                t.keys.set(i, stored);
                return;
            }
        }
    }

    private static int spread(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
