package io.taper.runtime;

import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Keeps the members Taper adds to the observed program's classes (per-instance shadow fields) out of
 * reflection. The weaver patches the JDK's own member filter, {@code jdk.internal.reflect.Reflection}'s
 * {@code filterFields} and {@code filterMethods}, to pass every array through here first, so
 * {@code getDeclaredFields}, {@code getDeclaredField(name)}, {@code getDeclaredMethods} and what is built on
 * them (serialisation's field lists and default {@code serialVersionUID}, bean introspection, serializers,
 * dependency injection) see the class as the program compiled it.
 *
 * <p>A member is Taper's when it is synthetic and its name starts with {@value #PREFIX}: every added member
 * is named that way, and the program's own code cannot declare such a synthetic member from Java source.
 */
public final class HiddenMembers {

    /** The name prefix of every member Taper adds to a class. */
    public static final String PREFIX = "$taper$";

    private HiddenMembers() {
    }

    /** {@code fields} without Taper's; the same array when it holds none (the common case). */
    public static Field[] fields(Field[] fields) {
        return withoutTapers(fields);
    }

    /** {@code methods} without Taper's; the same array when it holds none (the common case). */
    public static Method[] methods(Method[] methods) {
        return withoutTapers(methods);
    }

    private static <T extends Member> T[] withoutTapers(T[] members) {
        if (members == null) {
            return null;
        }
        int hidden = 0;
        for (T m : members) {
            if (isTapers(m)) {
                hidden++;
            }
        }
        if (hidden == 0) {
            return members;
        }
        T[] kept = Arrays.copyOf(members, members.length - hidden);    // of the same array type
        int k = 0;
        for (T m : members) {
            if (!isTapers(m)) {
                kept[k++] = m;
            }
        }
        return kept;
    }

    /** True if Taper added {@code m}: synthetic, and named with {@link #PREFIX}. */
    public static boolean isTapers(Member m) {
        return m != null && m.isSynthetic() && m.getName().startsWith(PREFIX);
    }
}
