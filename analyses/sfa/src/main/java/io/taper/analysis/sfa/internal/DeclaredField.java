package io.taper.analysis.sfa.internal;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * The field a symbolic reference resolves to: the class that declares it and whether it is declared
 * final. Reflection, so only at the end of the run ({@code getDeclaredFields} loads the field types).
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
}
