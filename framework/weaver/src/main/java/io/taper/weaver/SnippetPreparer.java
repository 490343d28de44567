package io.taper.weaver;

import io.taper.api.ControlFlowMaxs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Prepares an analysis jar for the observed JVM: every snippet method {@code m} gets the per-thread
 * bypass and failure isolation, so woven code can call it with a plain {@code invokestatic}:
 *
 * <pre>
 * static T m(args) {
 *     int[] cell = Bypass.enterCell();
 *     if (cell == null) return default;
 *     try { return m$taper$body(args); }
 *     catch (Throwable t) { SnippetFailures.record(t); return default; }   // a throwing record() is swallowed too
 *     finally { Bypass.exit(cell); }
 * }
 * </pre>
 *
 * A snippet annotated {@code @ManualBypass} gets the same wrapper without the bypass (it enters the bypass
 * itself where it must). Wrappers are never inlined by the JIT ({@link #DONT_INLINE}), except those of
 * {@code @ManualBypass @Inlinable} snippets, which are always inlined with their bodies ({@link #FORCE_INLINE});
 * methods annotated {@code @OutOfLine} are never inlined.
 * The original body moves, unchanged, to a private synthetic {@code m$taper$body}. Every snippet but a
 * {@code @NoSiteSwitch} one also gets a switched entry for adaptive runs ({@link #SWITCHED_SUFFIX}). The wrapper's frames
 * are written by hand from the descriptor, so no class is loaded. Other classes and resources are copied
 * unchanged.
 */
public final class SnippetPreparer {

    /** Suffix of the method that keeps a snippet's original body. */
    public static final String BODY_SUFFIX = "$taper$body";
    /**
     * Suffix of a snippet's switched entry: {@code static T m$taper$switched(int site, args)} returns the default
     * at once if the site is switched off ({@code SiteSwitches.isOff}), else calls {@code m(args)}. Adaptive runs'
     * woven code calls it, with the site id as a constant; it is always inlined ({@link #FORCE_INLINE}), so once
     * the JIT compiles a method after its site went off, the check and the call fold away.
     */
    public static final String SWITCHED_SUFFIX = "$taper$switched";

    private static final String BYPASS = "io/taper/runtime/Bypass";
    private static final String FAILURES = "io/taper/runtime/SnippetFailures";
    /** The bypass cell the wrapper keeps from {@code Bypass.enterCell()} to {@code Bypass.exit(int[])}. */
    private static final String CELL = "[I";
    /** Snippets that enter the bypass themselves ({@code io.taper.api.ManualBypass}): failure isolation only. */
    private static final String MANUAL_BYPASS = "Lio/taper/api/ManualBypass;";
    /** With {@link #MANUAL_BYPASS}: a wrapper the JIT may inline (a small check in front of an out-of-line call). */
    private static final String INLINABLE = "Lio/taper/api/Inlinable;";
    /** Any method the JIT must not inline: gets {@link #DONT_INLINE}. */
    private static final String OUT_OF_LINE = "Lio/taper/api/OutOfLine;";
    /** Snippets whose sites get no switch in front of them ({@code io.taper.api.NoSiteSwitch}): no switched entry. */
    static final String NO_SITE_SWITCH = "Lio/taper/api/NoSiteSwitch;";
    private static final String SWITCHES = "io/taper/runtime/SiteSwitches";
    /** HotSpot honours it on classes of the boot class path, where the launcher puts the prepared jar. */
    static final String FORCE_INLINE = "Ljdk/internal/vm/annotation/ForceInline;";
    /**
     * HotSpot honours this JDK-internal annotation on classes of the boot class path, where the launcher
     * puts the prepared jar. Without it the JIT inlines the wrapper, the bypass's thread-local lookups and
     * whatever the body calls into every woven method: with a site at every field access or block, that
     * multiplied compiled code by ten and the JIT's time past the program's own. A call per event is
     * cheaper than that.
     */
    static final String DONT_INLINE = "Ljdk/internal/vm/annotation/DontInline;";
    private static final Set<String> SNIPPET_ANNOTATIONS = Set.of(
        "Lio/taper/api/Before;", "Lio/taper/api/After;", "Lio/taper/api/AfterReturning;", "Lio/taper/api/AfterThrowing;");

    private SnippetPreparer() {
    }

    /** Writes {@code prepared}: {@code analysisJar} with every snippet method wrapped. */
    public static void prepare(Path analysisJar, Path prepared) throws IOException {
        Path tmp = prepared.resolveSibling(prepared.getFileName() + ".tmp");
        try (JarFile in = new JarFile(analysisJar.toFile());
             OutputStream fos = Files.newOutputStream(tmp);
             JarOutputStream out = new JarOutputStream(fos)) {
            for (Enumeration<JarEntry> en = in.entries(); en.hasMoreElements(); ) {
                JarEntry e = en.nextElement();
                byte[] data;
                try (InputStream is = in.getInputStream(e)) {
                    data = is.readAllBytes();
                }
                if (!e.isDirectory() && e.getName().endsWith(".class")) {
                    data = prepareClass(data);
                }
                JarEntry copy = new JarEntry(e.getName());
                copy.setTime(e.getTime());
                out.putNextEntry(copy);
                out.write(data);
                out.closeEntry();
            }
        }
        Files.move(tmp, prepared, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** The class with its snippet methods wrapped; the input itself if it has none. */
    public static byte[] prepareClass(byte[] classBytes) {
        ClassReader reader = new ClassReader(classBytes);
        ClassNode cn = new ClassNode();
        reader.accept(cn, 0);
        List<MethodNode> bodies = new ArrayList<>();
        boolean outOfLine = false;
        for (MethodNode m : cn.methods) {
            if (isSnippet(m) && (m.access & Opcodes.ACC_STATIC) != 0 && m.instructions.size() > 0) {
                bodies.add(moveBody(cn, m));
                if (!hasAnnotation(m, NO_SITE_SWITCH)) {
                    bodies.add(switchedEntry(cn, m));
                }
            } else if (hasAnnotation(m, OUT_OF_LINE) && !hasAnnotation(m, DONT_INLINE)) {
                m.visibleAnnotations.add(new AnnotationNode(DONT_INLINE));
                outOfLine = true;
            }
        }
        if (bodies.isEmpty() && !outOfLine) {
            return classBytes;
        }
        cn.methods.addAll(bodies);
        ClassWriter cw = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        cn.accept(ControlFlowMaxs.into(cw));
        return ControlFlowMaxs.withVersion(cw.toByteArray(), cn.version);
    }

    private static boolean hasAnnotation(MethodNode m, String desc) {
        if (m.visibleAnnotations != null) {
            for (AnnotationNode a : m.visibleAnnotations) {
                if (desc.equals(a.desc)) {
                    return true;
                }
            }
        }
        return false;
    }

    static boolean isSnippet(MethodNode m) {
        if (m.visibleAnnotations != null) {
            for (AnnotationNode a : m.visibleAnnotations) {
                if (SNIPPET_ANNOTATIONS.contains(a.desc)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Moves m's code into a new body method and gives m the wrapper; returns the body method. */
    private static MethodNode moveBody(ClassNode cn, MethodNode m) {
        MethodNode body = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
            m.name + BODY_SUFFIX, m.desc, m.signature, m.exceptions.toArray(new String[0]));
        body.instructions = m.instructions;
        body.tryCatchBlocks = m.tryCatchBlocks;
        body.localVariables = m.localVariables;
        body.maxStack = m.maxStack;
        body.maxLocals = m.maxLocals;
        m.tryCatchBlocks = new ArrayList<>(2);
        boolean manual = hasAnnotation(m, MANUAL_BYPASS);
        m.instructions = wrapper(cn, m, m.tryCatchBlocks, !manual);
        if (m.visibleAnnotations == null) {
            m.visibleAnnotations = new ArrayList<>(1);
        }
        if (manual && hasAnnotation(m, INLINABLE)) {
            m.visibleAnnotations.add(new AnnotationNode(FORCE_INLINE));
            body.visibleAnnotations = new ArrayList<>(List.of(new AnnotationNode(FORCE_INLINE)));
        } else {
            m.visibleAnnotations.add(new AnnotationNode(DONT_INLINE));
        }
        m.localVariables = null;
        m.visibleLocalVariableAnnotations = null;
        m.invisibleLocalVariableAnnotations = null;
        return body;
    }

    /** {@code m}'s switched entry (see {@link #SWITCHED_SUFFIX}), public like {@code m}. */
    private static MethodNode switchedEntry(ClassNode cn, MethodNode m) {
        String desc = "(I" + m.desc.substring(1);
        MethodNode e = new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
            m.name + SWITCHED_SUFFIX, desc, null, null);
        e.visibleAnnotations = new ArrayList<>(List.of(new AnnotationNode(FORCE_INLINE)));
        Type[] args = Type.getArgumentTypes(m.desc);
        Type ret = Type.getReturnType(m.desc);
        LabelNode off = new LabelNode();
        InsnList c = e.instructions;
        c.add(new VarInsnNode(Opcodes.ILOAD, 0));
        c.add(new MethodInsnNode(Opcodes.INVOKESTATIC, SWITCHES, "isOff", "(I)Z", false));
        c.add(new JumpInsnNode(Opcodes.IFNE, off));
        int slot = loadArgs(c, args, 1);
        boolean itf = (cn.access & Opcodes.ACC_INTERFACE) != 0;
        c.add(new MethodInsnNode(Opcodes.INVOKESTATIC, cn.name, m.name, m.desc, itf));
        c.add(new InsnNode(ret.getOpcode(Opcodes.IRETURN)));
        c.add(off);
        if ((cn.version & 0xFFFF) >= Opcodes.V1_6) {
            Object[] locals = new Object[args.length + 1];
            locals[0] = Opcodes.INTEGER;
            for (int i = 0; i < args.length; i++) {
                locals[i + 1] = frameType(args[i]);
            }
            c.add(new FrameNode(Opcodes.F_NEW, locals.length, locals, 0, new Object[0]));
        }
        returnDefault(c, ret);
        e.maxLocals = slot;
        e.maxStack = Math.max(1, slot + 1);
        return e;
    }

    private static InsnList wrapper(ClassNode cn, MethodNode m, List<TryCatchBlockNode> tryCatch, boolean bypass) {
        boolean frames = (cn.version & 0xFFFF) >= Opcodes.V1_6;
        Type[] args = Type.getArgumentTypes(m.desc);
        Type ret = Type.getReturnType(m.desc);
        Object[] locals = new Object[args.length + (bypass ? 1 : 0)];
        int cellSlot = 0;
        for (int i = 0; i < args.length; i++) {
            locals[i] = frameType(args[i]);
            cellSlot += args[i].getSize();
        }
        if (bypass) {
            locals[args.length] = CELL;
        }
        Object[] throwable = {"java/lang/Throwable"};
        LabelNode run = new LabelNode();
        LabelNode tryStart = new LabelNode();
        LabelNode tryEnd = new LabelNode();
        LabelNode failed = new LabelNode();
        LabelNode failedEnd = new LabelNode();
        LabelNode recordFailed = new LabelNode();
        InsnList c = new InsnList();
        if (bypass) {
            c.add(new MethodInsnNode(Opcodes.INVOKESTATIC, BYPASS, "enterCell", "()" + CELL, false));
            c.add(new InsnNode(Opcodes.DUP));
            c.add(new VarInsnNode(Opcodes.ASTORE, cellSlot));
            c.add(new JumpInsnNode(Opcodes.IFNONNULL, run));
            returnDefault(c, ret);
            c.add(run);
            if (frames) {
                c.add(new FrameNode(Opcodes.F_NEW, locals.length, locals, 0, new Object[0]));
            }
        }
        c.add(tryStart);
        loadArgs(c, args, 0);
        boolean itf = (cn.access & Opcodes.ACC_INTERFACE) != 0;
        c.add(new MethodInsnNode(Opcodes.INVOKESTATIC, cn.name, m.name + BODY_SUFFIX, m.desc, itf));
        c.add(tryEnd);
        if (bypass) {
            exit(c, cellSlot);
        }
        c.add(new InsnNode(ret.getOpcode(Opcodes.IRETURN)));
        c.add(failed);
        if (frames) {
            c.add(new FrameNode(Opcodes.F_NEW, locals.length, locals, 1, throwable));
        }
        c.add(new MethodInsnNode(Opcodes.INVOKESTATIC, FAILURES, "record", "(Ljava/lang/Throwable;)V", false));
        c.add(failedEnd);
        if (bypass) {
            exit(c, cellSlot);
        }
        returnDefault(c, ret);
        c.add(recordFailed);
        if (frames) {
            c.add(new FrameNode(Opcodes.F_NEW, locals.length, locals, 1, throwable));
        }
        c.add(new InsnNode(Opcodes.POP));
        if (bypass) {
            exit(c, cellSlot);
        }
        returnDefault(c, ret);
        tryCatch.add(new TryCatchBlockNode(tryStart, tryEnd, failed, null));
        tryCatch.add(new TryCatchBlockNode(failed, failedEnd, recordFailed, null));
        return c;
    }

    private static void exit(InsnList c, int cellSlot) {
        c.add(new VarInsnNode(Opcodes.ALOAD, cellSlot));
        c.add(new MethodInsnNode(Opcodes.INVOKESTATIC, BYPASS, "exit", "(" + CELL + ")V", false));
    }

    private static void returnDefault(InsnList c, Type ret) {
        switch (ret.getSort()) {
            case Type.VOID -> { }
            case Type.LONG -> c.add(new InsnNode(Opcodes.LCONST_0));
            case Type.FLOAT -> c.add(new InsnNode(Opcodes.FCONST_0));
            case Type.DOUBLE -> c.add(new InsnNode(Opcodes.DCONST_0));
            case Type.OBJECT, Type.ARRAY -> c.add(new InsnNode(Opcodes.ACONST_NULL));
            default -> c.add(new InsnNode(Opcodes.ICONST_0));
        }
        c.add(new InsnNode(ret.getOpcode(Opcodes.IRETURN)));
    }

    /** Loads the arguments from slot {@code firstSlot} on; returns the slot after the last. */
    private static int loadArgs(InsnList c, Type[] args, int firstSlot) {
        int slot = firstSlot;
        for (Type a : args) {
            c.add(new VarInsnNode(a.getOpcode(Opcodes.ILOAD), slot));
            slot += a.getSize();
        }
        return slot;
    }

    private static Object frameType(Type t) {
        return switch (t.getSort()) {
            case Type.LONG -> Opcodes.LONG;
            case Type.FLOAT -> Opcodes.FLOAT;
            case Type.DOUBLE -> Opcodes.DOUBLE;
            case Type.OBJECT, Type.ARRAY -> t.getInternalName();
            default -> Opcodes.INTEGER;
        };
    }
}
