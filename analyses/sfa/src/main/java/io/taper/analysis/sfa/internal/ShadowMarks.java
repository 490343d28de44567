package io.taper.analysis.sfa.internal;

import jdk.internal.vm.annotation.ForceInline;

/**
 * Per-instance "read" marks kept in the object itself: the weaver gives every class loaded after the
 * agent started one shadow field per instance field ({@value #PREFIX}{@code <name>}, an {@code Object},
 * see the analysis's {@code shadowFields} property), and a mark is the object storing itself there, one
 * plain store found by its offset. Itself, not a flag: {@code clone()} copies the shadows too, and a
 * clone's copy then names the original, so the clone's fields read as not read yet, which they are not.
 * Objects of classes loaded before the agent (no shadow fields) keep their marks in {@link InstanceMarks}.
 *
 * <p>Offsets are looked up by name through the JDK's internal {@code Unsafe} (the agent exports it to
 * the runtime's module), which, unlike {@code Class.getDeclaredField}, loads no class: this runs inside
 * snippets. It is called directly, never through {@code Method.invoke}: after a few calls reflection defines an
 * accessor class, and a class defined in a snippet that runs under a JDK lock (a cleaner's list, say) goes
 * through the agent's transformer there, which can deadlock with a thread that holds what the transformer
 * needs. Marks are read and written through {@code sun.misc.Unsafe}, whose accessors the JIT turns
 * into one load or store (with the collector's barrier). A mark is only ever set, always to the same
 * value, so concurrent marks of the same field lose nothing. From JDK 24 on {@code sun.misc.Unsafe}'s accessors print a warning, so there every
 * object uses the map.
 */
final class ShadowMarks {

    static final String PREFIX = "$taper$sfa$";
    /** {@link SiteField#shadow} before the site's first event with a receiver. */
    static final long UNRESOLVED = -2;
    /** The field has no shadow: marks go to {@link InstanceMarks}. */
    static final long NONE = -1;

    private static final sun.misc.Unsafe UNSAFE;
    /** Null unless {@code jdk.internal.misc} is exported to this class's module (the agent does it). */
    private static final jdk.internal.misc.Unsafe INTERNAL_UNSAFE;

    static {
        sun.misc.Unsafe unsafe = null;
        jdk.internal.misc.Unsafe internal = null;
        try {
            if (Runtime.version().feature() < 24) {
                java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
                f.setAccessible(true);
                unsafe = (sun.misc.Unsafe) f.get(null);
                internal = internalUnsafe();
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            internal = null;    // not exported to us (no agent), or not this JDK's Unsafe: the map it is
        }
        UNSAFE = internal == null ? null : unsafe;
        INTERNAL_UNSAFE = internal;
    }

    /** @throws IllegalAccessError if the package is not exported to this module */
    private static jdk.internal.misc.Unsafe internalUnsafe() {
        return jdk.internal.misc.Unsafe.getUnsafe();
    }

    private ShadowMarks() {
    }

    /** True if shadow fields can be used in this JVM. */
    static boolean available() {
        return UNSAFE != null;
    }

    /** Marks the object's field read; {@code offset} from {@link #resolve}. */
    @ForceInline
    static void markRead(Object o, long offset) {
        if (UNSAFE.getObject(o, offset) != o) {
            UNSAFE.putObject(o, offset, o);
        }
    }

    /** True if the object's field was marked read. */
    @ForceInline
    static boolean isRead(Object o, long offset) {
        return UNSAFE.getObject(o, offset) == o;
    }

    /**
     * The reference resolved from objects of {@code receiverClass}: its symbolic owner among the class and
     * its super classes (found by name: they are loaded), the class that declares the field (the first
     * from the owner up declaring its name, as the JVM resolves it) and the offset of the field's shadow
     * there. Null if no owner of that name is found. Computed once per reference and owner class: the
     * owner is recorded and the shadow resolved from the same answer.
     */
    static FieldState.Resolution resolve(FieldState field, Class<?> receiverClass) {
        Class<?> owner = null;
        for (Class<?> c = receiverClass; c != null; c = c.getSuperclass()) {
            if (c.getName().equals(field.ref.ownerBinaryName)) {
                owner = c;
                break;
            }
        }
        if (owner == null) {
            return null;
        }
        FieldState.Resolution cached = field.resolution(owner);
        if (cached != null) {
            return cached;
        }
        Class<?> declaring = declaringClass(owner, field.ref.name);
        long offset = NONE;
        if (declaring != null && UNSAFE != null) {
            long o = declared(declaring, PREFIX + field.ref.name);
            offset = o >= 0 ? o : NONE;
        }
        FieldState.Resolution r = new FieldState.Resolution(owner, declaring, offset);
        field.resolution(r);
        return r;
    }

    /**
     * The class that declares the field {@code name} seen from {@code owner}: the first of it and its
     * super classes declaring that name, as the JVM resolves a field (interfaces declare no instance
     * fields). Null if not found or if fields cannot be looked up by name here.
     */
    static Class<?> declaringClass(Class<?> owner, String name) {
        if (INTERNAL_UNSAFE == null) {
            return null;
        }
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            if (declared(c, name) >= 0) {
                return c;
            }
        }
        return null;
    }

    /** The offset of the field {@code c} declares under this name, or -1. */
    static long declared(Class<?> c, String name) {
        try {
            return INTERNAL_UNSAFE.objectFieldOffset(c, name);
        } catch (InternalError e) {
            return -1;          // c declares no such field
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
