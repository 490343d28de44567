package io.taper.analysis.sfa.internal;

import java.lang.ref.WeakReference;

/**
 * The state of one symbolic field reference: monotonic bits (set, never cleared, so concurrent events
 * lose nothing and a stale read only sends an event down a slower, still exact, path) and the owner
 * class recorded at the first access with a receiver.
 */
final class FieldState {

    final int slot;
    final FieldRef ref;
    private volatile int bits;
    private volatile WeakReference<Class<?>> owner;

    FieldState(int slot, FieldRef ref) {
        this.slot = slot;
        this.ref = ref;
    }

    int bits() {
        return bits;
    }

    /** Sets bits; returns the bits before. Rare (each bit is set once), so a lock is cheap enough. */
    synchronized int set(int add) {
        int old = bits;
        bits = old | add;
        return old;
    }

    Class<?> owner() {
        WeakReference<Class<?>> r = owner;
        return r == null ? null : r.get();
    }

    synchronized void owner(Class<?> c) {
        if (owner == null) {
            owner = new WeakReference<Class<?>>(c);
        }
    }
}
