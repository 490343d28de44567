package io.taper.weaver.golden;

import java.util.LinkedHashMap;
import java.util.Map;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The golden inputs, assembled with ASM so that the expected output does not depend on the javac version. */
final class GoldenInputs {

    private GoldenInputs() {
    }

    static Map<String, byte[]> all() {
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("Entry", entry());
        m.put("Blocks", blocks());
        m.put("Init", init());
        m.put("Variants", variants());
        return m;
    }

    private static ClassWriter start(String name) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "golden/" + name, null, "java/lang/Object", null);
        return cw;
    }

    /** long add(long a, int b) { return a + b; }  static long check(long a) { if (a < 0) throw ...; return a; } */
    private static byte[] entry() {
        ClassWriter cw = start("Entry");
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "add", "(JI)J", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.LLOAD, 1);
        mv.visitVarInsn(Opcodes.ILOAD, 3);
        mv.visitInsn(Opcodes.I2L);
        mv.visitInsn(Opcodes.LADD);
        mv.visitInsn(Opcodes.LRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "check", "(J)J", null, null);
        mv.visitCode();
        Label ok = new Label();
        mv.visitVarInsn(Opcodes.LLOAD, 0);
        mv.visitInsn(Opcodes.LCONST_0);
        mv.visitInsn(Opcodes.LCMP);
        mv.visitJumpInsn(Opcodes.IFGE, ok);
        mv.visitTypeInsn(Opcodes.NEW, "java/lang/IllegalArgumentException");
        mv.visitInsn(Opcodes.DUP);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/IllegalArgumentException", "<init>", "()V", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitLabel(ok);
        mv.visitVarInsn(Opcodes.LLOAD, 0);
        mv.visitInsn(Opcodes.LRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /**
     * A loop, and {@code new StringBuilder(n == 0 ? "a" : "b")} right at a jump target: the frames inside the
     * conditional name the uninitialised object by the label of its {@code new}, which the block snippet
     * inserted before the {@code new} must not capture.
     */
    private static byte[] blocks() {
        ClassWriter cw = start("Blocks");
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "loop", "(I)Ljava/lang/Object;", null, null);
        mv.visitCode();
        Label head = new Label();
        Label join = new Label();
        mv.visitLabel(head);
        mv.visitIincInsn(0, -1);
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitJumpInsn(Opcodes.IFGT, head);
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitJumpInsn(Opcodes.IFEQ, join);
        mv.visitInsn(Opcodes.ACONST_NULL);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitLabel(join);
        mv.visitTypeInsn(Opcodes.NEW, "java/lang/StringBuilder");
        mv.visitInsn(Opcodes.DUP);
        Label b = new Label();
        Label call = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitJumpInsn(Opcodes.IFNE, b);
        mv.visitLdcInsn("a");
        mv.visitJumpInsn(Opcodes.GOTO, call);
        mv.visitLabel(b);
        mv.visitLdcInsn("b");
        mv.visitLabel(call);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/StringBuilder", "<init>", "(Ljava/lang/String;)V", false);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Init(Object o) { this.o = o; super(); this.n = 1; } */
    private static byte[] init() {
        ClassWriter cw = start("Init");
        cw.visitField(Opcodes.ACC_FINAL, "o", "Ljava/lang/Object;", null, null).visitEnd();
        cw.visitField(0, "n", "I", null, null).visitEnd();
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "(Ljava/lang/Object;)V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitFieldInsn(Opcodes.PUTFIELD, "golden/Init", "o", "Ljava/lang/Object;");
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitFieldInsn(Opcodes.PUTFIELD, "golden/Init", "n", "I");
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** static void a() {} static void b() {} static void c() {}: woven with variant "fast" at a, b disabled. */
    private static byte[] variants() {
        ClassWriter cw = start("Variants");
        for (String n : new String[] {"a", "b", "c"}) {
            MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, n, "()V", null, null);
            mv.visitCode();
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }
}
