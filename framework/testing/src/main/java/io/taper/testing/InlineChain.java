package io.taper.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * What the JIT is told about a check that woven code runs at every site: the method and everything of Taper's own
 * that it calls, followed through the callees forced inline. HotSpot charges an inlined callee's whole bytecode to
 * the compilation's inlining budget, but a forced one's ({@code @ForceInline}) as one byte, so a check that should
 * cost woven code nothing but its instructions has every step forced inline and every slow path never inlined
 * ({@code @DontInline}); a step the JIT decides on its own is a step that crowds out the program's callees.
 */
public final class InlineChain {

    public static final String FORCED = "forced";
    public static final String NEVER = "never";
    public static final String JIT = "jit";

    private static final String FORCE_INLINE = "Ljdk/internal/vm/annotation/ForceInline;";
    private static final String DONT_INLINE = "Ljdk/internal/vm/annotation/DontInline;";
    private static final String TAPER = "io/taper/";

    private InlineChain() {
    }

    /**
     * Each method reached from {@code owner.name} (every overload of that name) through calls into Taper's classes,
     * as {@code SimpleOwner.name} in the order first reached, with {@link #FORCED}, {@link #NEVER} or {@link #JIT}.
     * Forced methods are followed further, and the start unless it is never inlined.
     */
    public static Map<String, String> of(Class<?> owner, String name) {
        Map<String, String> out = new LinkedHashMap<>();
        walk(owner.getClassLoader(), owner.getName().replace('.', '/'), name, null, out);
        return out;
    }

    private static void walk(ClassLoader loader, String owner, String name, String desc, Map<String, String> out) {
        ClassNode cn = read(loader, owner);
        for (MethodNode m : cn.methods) {
            if (!m.name.equals(name) || (desc != null && !m.desc.equals(desc))) {
                continue;
            }
            String key = owner.substring(owner.lastIndexOf('/') + 1) + "." + name;
            if (out.containsKey(key)) {
                continue;
            }
            String kind = has(m, FORCE_INLINE) ? FORCED : has(m, DONT_INLINE) ? NEVER : JIT;
            boolean start = out.isEmpty();
            out.put(key, kind);
            if (kind.equals(NEVER) || (!start && kind.equals(JIT))) {
                continue;
            }
            for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
                if (n instanceof MethodInsnNode call && call.owner.startsWith(TAPER)) {
                    walk(loader, call.owner, call.name, call.desc, out);
                }
            }
        }
    }

    private static boolean has(MethodNode m, String annotation) {
        if (m.visibleAnnotations != null) {
            for (AnnotationNode a : m.visibleAnnotations) {
                if (a.desc.equals(annotation)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static ClassNode read(ClassLoader loader, String owner) {
        ClassLoader l = loader != null ? loader : ClassLoader.getSystemClassLoader();
        try (InputStream in = l.getResourceAsStream(owner + ".class")) {
            if (in == null) {
                throw new IllegalArgumentException("no class file for " + owner);
            }
            ClassNode cn = new ClassNode();
            new ClassReader(in).accept(cn, ClassReader.SKIP_DEBUG);
            return cn;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
