package io.taper.analysis.sfa.internal;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * The field a symbolic reference resolves to: the class that declares it and whether it is declared
 * final. By reflection at the end of the run ({@code getDeclaredFields} loads the field types); by name while it
 * runs ({@link #byName}).
 *
 * @param className binary name of the declaring class ({@code java.util.HashMap$Node})
 */
record DeclaredField(String className, boolean declaredFinal) {

    /**
     * Walks from {@code owner} up its super classes for an instance field {@code name} of type
     * {@code desc}; null if none is visible to reflection (the JDK hides a few, e.g. in
     * {@code ClassLoader}) or reflection fails.
     */
    static DeclaredField resolve(Class<?> owner, String name, String desc) {
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            Field[] declared;
            try {
                declared = c.getDeclaredFields();
            } catch (Throwable e) {   // a field type that cannot be loaded
                return null;
            }
            for (Field f : declared) {
                if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())
                        && f.getType().descriptorString().equals(desc)) {
                    return new DeclaredField(c.getName(), Modifier.isFinal(f.getModifiers()));
                }
            }
        }
        return null;
    }

    /**
     * Walks from {@code owner} up its super classes for a field named {@code name}, by name alone (the internal
     * {@code Unsafe}, which loads no class, as {@link ShadowMarks} does); null if none is found or names cannot be
     * looked up here. Whether it is final is the caller's to say.
     */
    static DeclaredField byName(Class<?> owner, String name, boolean declaredFinal) {
        Class<?> c = ShadowMarks.declaringClass(owner, name);
        return c == null ? null : new DeclaredField(c.getName(), declaredFinal);
    }
}
