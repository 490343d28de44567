package io.taper.analysis.sfa.internal;

/**
 * A field as a field instruction names it: the symbolic owner (internal name), the field name and its
 * descriptor. The same field can be named through several owners (a subclass-typed receiver names the
 * subclass); rows are merged per declaring class at the end.
 *
 * @param member the slot of {@code name:desc}, the per-instance key (see {@link InstanceMarks})
 */
record FieldRef(String owner, String name, String desc, int member) {

    /** The owner as {@link Class#getName()} spells it. */
    String ownerBinaryName() {
        return owner.replace('/', '.');
    }
}
