package io.taper.weaver.internal;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Hides the members Taper adds from reflection: the JDK filters every member array it hands out
 * ({@code Class.getDeclaredFields}, {@code getDeclaredField(name)}, {@code getDeclaredMethods}, ...) through
 * {@code jdk.internal.reflect.Reflection.filterFields(Class, Field[])} and {@code filterMethods(Class,
 * Method[])}; each gets, at its start, {@code array = HiddenMembers.fields(array)} (or {@code methods}). Only
 * method bodies change, as a retransformation of this start-up class requires. The JDK caches the filtered
 * arrays per class, so the check runs once per class and kind of lookup.
 */
public final class ReflectionFilterPatch {

    /** The JDK class whose filters are patched. */
    public static final String TARGET = "jdk/internal/reflect/Reflection";
    private static final String HIDDEN = "io/taper/runtime/HiddenMembers";

    private ReflectionFilterPatch() {
    }

    /** Patches {@code cn} if it is {@link #TARGET}; returns how many filter methods were patched (0 or 2). */
    public static int apply(ClassNode cn) {
        if (!TARGET.equals(cn.name)) {
            return 0;
        }
        int patched = 0;
        for (MethodNode m : cn.methods) {
            if ((m.access & Opcodes.ACC_STATIC) == 0) {
                continue;
            }
            if (m.name.equals("filterFields") && m.desc.equals("(Ljava/lang/Class;[Ljava/lang/reflect/Field;)[Ljava/lang/reflect/Field;")) {
                prepend(m, "fields", "([Ljava/lang/reflect/Field;)[Ljava/lang/reflect/Field;");
                patched++;
            } else if (m.name.equals("filterMethods") && m.desc.equals("(Ljava/lang/Class;[Ljava/lang/reflect/Method;)[Ljava/lang/reflect/Method;")) {
                prepend(m, "methods", "([Ljava/lang/reflect/Method;)[Ljava/lang/reflect/Method;");
                patched++;
            }
        }
        return patched;
    }

    /** {@code arg1 = HiddenMembers.<name>(arg1)} before the first instruction: no branch, no new frame. */
    private static void prepend(MethodNode m, String name, String desc) {
        InsnList code = new InsnList();
        code.add(new VarInsnNode(Opcodes.ALOAD, 1));
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, HIDDEN, name, desc, false));
        code.add(new VarInsnNode(Opcodes.ASTORE, 1));
        m.instructions.insert(code);
    }
}
