package io.taper.analysis.sfa.internal;

/**
 * What a field-access site needs on every event, fixed when the site is first seen (final fields, so a
 * site table read without a lock still sees them), plus the entry of the object this site last marked.
 */
final class SiteField {

    final FieldState field;
    final int member;
    /** The site is in a constructor of the field's owner: a null receiver is the uninitialised this. */
    final boolean ownConstructor;
    /**
     * The read mark this site made last: a loop that reads the same object's field again and again
     * costs one comparison instead of a table lookup. Written and read without a lock: a stale or
     * foreign value only fails the comparison ({@code refersTo} checks the object).
     */
    InstanceMarks.Entry last;
    /**
     * Where this site's objects keep their read mark: the offset of the field's shadow field, or
     * {@link ShadowMarks#NONE} (in {@link InstanceMarks}), resolved at the first event with a receiver.
     * The same for every object at the site: the JVM resolves the site's field to one declaring class.
     */
    volatile long shadow = ShadowMarks.UNRESOLVED;

    SiteField(FieldState field, boolean ownConstructor) {
        this.field = field;
        this.member = field.ref.member;
        this.ownConstructor = ownConstructor;
    }
}
