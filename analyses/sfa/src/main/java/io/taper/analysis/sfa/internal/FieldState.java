package io.taper.analysis.sfa.internal;

import io.taper.runtime.Audit;
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
    /** The last resolution of this reference and the owner class it is for (see {@link ShadowMarks#resolve}). */
    private volatile Resolution resolution;

    FieldState(int slot, FieldRef ref) {
        this.slot = slot;
        this.ref = ref;
    }

    int bits() {
        return bits;
    }

    /** The bits that make up a row of the result (the others steer the analysis itself). */
    static final int RESULT_BITS = FieldTable.ACCESSED | FieldTable.WRITTEN | FieldTable.WRITTEN_OUTSIDE_CONSTRUCTOR
        | FieldTable.NON_STATIONARY;

    private static String names(int bits) {
        StringBuilder b = new StringBuilder();
        if ((bits & FieldTable.ACCESSED) != 0) {
            b.append("+accessed");
        }
        if ((bits & FieldTable.WRITTEN) != 0) {
            b.append("+written");
        }
        if ((bits & FieldTable.WRITTEN_OUTSIDE_CONSTRUCTOR) != 0) {
            b.append("+written-outside-constructor");
        }
        if ((bits & FieldTable.NON_STATIONARY) != 0) {
            b.append("+non-stationary");
        }
        return b.toString();
    }

    /** The other references to the same declared field (see {@link FieldGroup}); null until resolved. */
    private volatile FieldGroup group;

    /**
     * Sets bits, and shares the verdict and category bits with the other references to the same field;
     * returns the bits before. Rare (each bit is set once), so a lock is cheap enough. The group is told
     * outside this lock: it takes its members' locks.
     */
    int set(int add) {
        int old;
        synchronized (this) {
            old = bits;
            bits = old | add;
        }
        int changed = add & ~old & RESULT_BITS;
        if (changed != 0 && Audit.enabled()) {
            Audit.resultChanged(ref.ownerBinaryName + "." + ref.name + ":" + ref.desc + " " + names(changed));
        }
        FieldGroup g = group;
        int shared = add & ~old & FieldGroup.SHARED;
        if (g != null && shared != 0) {
            g.share(shared);
        }
        return old;
    }

    /** Sets bits that another member of the group set first. */
    synchronized void setShared(int add) {
        bits |= add;
    }

    FieldGroup group() {
        return group;
    }

    void group(FieldGroup g) {
        group = g;
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

    /** The cached resolution for this owner class, or null. */
    Resolution resolution(Class<?> ownerClass) {
        Resolution r = resolution;
        return r != null && r.refersTo(ownerClass) ? r : null;
    }

    void resolution(Resolution r) {
        resolution = r;
    }

    /**
     * This reference resolved from one owner class (held weakly: classes can be unloaded): the class
     * that declares the field, as the JVM resolves it (null if it cannot be looked up), and the offset of
     * the field's shadow in its objects, or {@link ShadowMarks#NONE}.
     */
    static final class Resolution extends WeakReference<Class<?>> {
        private final WeakReference<Class<?>> declaring;
        final long shadowOffset;

        Resolution(Class<?> ownerClass, Class<?> declaring, long shadowOffset) {
            super(ownerClass);
            this.declaring = declaring == null ? null : new WeakReference<Class<?>>(declaring);
            this.shadowOffset = shadowOffset;
        }

        Class<?> declaring() {
            return declaring == null ? null : declaring.get();
        }
    }
}
