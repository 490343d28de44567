package io.taper.analysis.sfa.internal;

/**
 * A field as a field instruction names it: the symbolic owner (internal name), the field name and its
 * descriptor. The same field can be named through several owners (a subclass-typed receiver names the
 * subclass); rows are merged per declaring class at the end.
 */
final class FieldRef {

    final String owner;
    /** The owner as {@link Class#getName()} spells it. */
    final String ownerBinaryName;
    final String name;
    final String desc;
    /** The slot of {@code name:desc}, the per-instance key (see {@link InstanceMarks}). */
    final int member;

    FieldRef(String owner, String name, String desc, int member) {
        this.owner = owner;
        this.ownerBinaryName = owner.replace('/', '.');
        this.name = name;
        this.desc = desc;
        this.member = member;
    }
}
