package io.taper.analysis.sfa.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The symbolic references that resolve to one declared field ({@code StringBuffer.value} and
 * {@code AbstractStringBuilder.value} are both {@code AbstractStringBuilder}'s field). Rows merge them at
 * the end anyway (non-stationary if any is); sharing the bits during the run lets a reference that only
 * reads learn that the field is already non-stationary, so that its sites stop marking objects and the
 * controller can remove them, exactly as the merged row would have it.
 */
final class FieldGroup {

    /** The bits rows merge by OR; not the per-reference ones (owner recorded, final hint). */
    static final int SHARED = FieldTable.ACCESSED | FieldTable.WRITTEN | FieldTable.WRITTEN_OUTSIDE_CONSTRUCTOR
        | FieldTable.NON_STATIONARY | FieldTable.SETTLED;

    private final List<FieldState> members = new ArrayList<>(2);
    private int bits;

    /** Adds a reference (once) and brings it and the others up to date. */
    synchronized void join(FieldState f) {
        if (f.group() != null) {
            return;
        }
        f.group(this);           // first: a concurrent set() of f either sees the group or is seen below
        members.add(f);
        bits |= f.bits() & SHARED;
        for (FieldState m : members) {
            m.setShared(bits);
        }
    }

    synchronized void share(int add) {
        if ((bits & add) == add) {
            return;
        }
        bits |= add;
        for (FieldState m : members) {
            m.setShared(add);
        }
    }

    synchronized int size() {
        return members.size();
    }
}
