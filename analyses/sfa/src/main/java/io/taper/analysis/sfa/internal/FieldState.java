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
    /** The shadow offset last resolved and the owner class it is for (see {@link ShadowMarks#offset}). */
    private volatile ShadowOffset shadow;

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

    /** The cached shadow offset for this owner class, or {@link ShadowMarks#UNRESOLVED}. */
    long shadowOffset(Class<?> ownerClass) {
        ShadowOffset s = shadow;
        return s != null && s.refersTo(ownerClass) ? s.offset : ShadowMarks.UNRESOLVED;
    }

    void shadowOffset(Class<?> ownerClass, long offset) {
        shadow = new ShadowOffset(ownerClass, offset);
    }

    /** An owner class (weakly: classes can be unloaded) and the shadow offset of this field in it. */
    private static final class ShadowOffset extends WeakReference<Class<?>> {
        final long offset;

        ShadowOffset(Class<?> ownerClass, long offset) {
            super(ownerClass);
            this.offset = offset;
        }
    }
}
