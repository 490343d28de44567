package io.taper.analysis.sfa.internal;

/**
 * What a field-access site needs on every event, fixed when the site is first seen. Immutable (final
 * fields), so a site table read without a lock still sees it whole.
 */
final class SiteField {

    final FieldState field;
    final int member;
    /** The site is in a constructor of the field's owner: a null receiver is the uninitialised this. */
    final boolean ownConstructor;

    SiteField(FieldState field, boolean ownConstructor) {
        this.field = field;
        this.member = field.ref.member;
        this.ownConstructor = ownConstructor;
    }
}
