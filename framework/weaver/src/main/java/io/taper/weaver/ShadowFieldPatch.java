package io.taper.weaver;

import io.taper.weaver.internal.ShadowFields;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;

/**
 * A class file with an analysis's shadow fields added and nothing else changed, for classes the JVM loads
 * before the agent can weave them (the launcher patches {@code java.base} with them): a retransformation
 * may not add fields, so a class that is already loaded when the agent starts can only get its shadows
 * from its class file. Weaving such a class later keeps the fields ({@link ShadowFields} adds none twice).
 */
public final class ShadowFieldPatch {

    private ShadowFieldPatch() {
    }

    /**
     * The class file with a {@code private transient synthetic Object <prefix><field>} per instance field,
     * or null if it needs none (an interface, no instance fields, or shadows already there).
     *
     * @throws IllegalArgumentException if the bytes are not a class file ASM can read
     */
    public static byte[] addTo(byte[] classFile, String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            throw new IllegalArgumentException("no shadow-field prefix");
        }
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        if (ShadowFields.add(cn, prefix) == 0) {
            return null;
        }
        // no code changes: the original frames and max values stay valid
        ClassWriter w = new ClassWriter(0);
        cn.accept(w);
        return w.toByteArray();
    }
}
