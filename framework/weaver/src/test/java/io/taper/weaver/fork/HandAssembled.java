package io.taper.weaver.fork;

import java.util.Map;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Validation targets javac cannot produce: a method just under 64 KB, stack shapes javac never emits
 * (swap, dup_x2, dup2_x1, dup2_x2, pop2, a {@code new} at a jump target, uninitialised objects deep in the
 * stack, a field write before {@code super()}), and a Java 5 class (version 49: no stack map frames).
 */
public final class HandAssembled {

    public static final String BIG = "validation.gen.Big";
    public static final String SHAPES = "validation.gen.StackShapes";
    public static final String OLD = "validation.gen.Old";
    /** Repetitions in Big.huge: 4500 × 14 bytes ≈ 63 KB of code, two basic blocks each. */
    public static final int BIG_REPETITIONS = 4500;
    private static final String EVENTS = "io/taper/weaver/testsupport/Events";

    private HandAssembled() {
    }

    /** Binary name → class bytes. */
    public static Map<String, byte[]> all() {
        return Map.of(BIG, big(), SHAPES, stackShapes(), OLD, old());
    }

    static byte[] big() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        String name = BIG.replace('.', '/');
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "huge", "(I)I", null, null);
        mv.visitCode();
        for (int r = 0; r < BIG_REPETITIONS; r++) {
            Label next = new Label();
            mv.visitIincInsn(0, 1);
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitInsn(Opcodes.ICONST_3);
            mv.visitInsn(Opcodes.IREM);
            mv.visitJumpInsn(Opcodes.IFNE, next);
            mv.visitIincInsn(0, 2);
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitInsn(Opcodes.POP);
            mv.visitLabel(next);
        }
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "small", "(I)I", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitInsn(Opcodes.ICONST_2);
        mv.visitInsn(Opcodes.IMUL);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        MethodVisitor rv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()V", null, null);
        rv.visitCode();
        recordInt(rv, "small=", () -> {
            rv.visitInsn(Opcodes.ICONST_5);
            rv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "small", "(I)I", false);
        });
        recordInt(rv, "huge=", () -> {
            rv.visitInsn(Opcodes.ICONST_0);
            rv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "huge", "(I)I", false);
        });
        rv.visitInsn(Opcodes.RETURN);
        rv.visitMaxs(0, 0);
        rv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    static byte[] stackShapes() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        String name = SHAPES.replace('.', '/');
        cw.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_FINAL, "outer", "Ljava/lang/Object;", null, null).visitEnd();
        // StackShapes(Object outer) { this.outer = outer; super(); }  -- the field write javac emits for inner classes
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "(Ljava/lang/Object;)V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitFieldInsn(Opcodes.PUTFIELD, name, "outer", "Ljava/lang/Object;");
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();

        mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "shapes", "(I)I", null, null);
        mv.visitCode();
        // swap: 2 - 1 = 1 → local 1
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitInsn(Opcodes.ICONST_2);
        mv.visitInsn(Opcodes.SWAP);
        mv.visitInsn(Opcodes.ISUB);
        mv.visitVarInsn(Opcodes.ISTORE, 1);
        // dup2_x1 (long over int), pop2: 3 + 1L = 4 → local 2
        mv.visitInsn(Opcodes.ICONST_3);
        mv.visitInsn(Opcodes.LCONST_1);
        mv.visitInsn(Opcodes.DUP2_X1);
        mv.visitInsn(Opcodes.POP2);
        mv.visitInsn(Opcodes.I2L);
        mv.visitInsn(Opcodes.LADD);
        mv.visitInsn(Opcodes.L2I);
        mv.visitVarInsn(Opcodes.ISTORE, 2);
        // dup2_x2 (long over long): 5 + 1 + 5 = 11 → local 3
        mv.visitInsn(Opcodes.LCONST_1);
        mv.visitLdcInsn(5L);
        mv.visitInsn(Opcodes.DUP2_X2);
        mv.visitInsn(Opcodes.LADD);
        mv.visitInsn(Opcodes.LADD);
        mv.visitInsn(Opcodes.L2I);
        mv.visitVarInsn(Opcodes.ISTORE, 3);
        // dup_x2 and dup2 of two ints: (3+1+2+3) + (4+5+4+5) = 27, plus 1001 below → local 4
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitInsn(Opcodes.ICONST_2);
        mv.visitInsn(Opcodes.ICONST_3);
        mv.visitInsn(Opcodes.DUP_X2);
        mv.visitInsn(Opcodes.IADD);
        mv.visitInsn(Opcodes.IADD);
        mv.visitInsn(Opcodes.IADD);
        mv.visitInsn(Opcodes.ICONST_4);
        mv.visitInsn(Opcodes.ICONST_5);
        mv.visitInsn(Opcodes.DUP2);
        mv.visitInsn(Opcodes.IADD);
        mv.visitInsn(Opcodes.IADD);
        mv.visitInsn(Opcodes.IADD);
        mv.visitInsn(Opcodes.IADD);
        mv.visitVarInsn(Opcodes.ISTORE, 4);
        // wide: a local above 255 and an increment above 127
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitVarInsn(Opcodes.ISTORE, 300);
        mv.visitIincInsn(300, 1000);
        mv.visitVarInsn(Opcodes.ILOAD, 300);
        mv.visitVarInsn(Opcodes.ILOAD, 4);
        mv.visitInsn(Opcodes.IADD);
        mv.visitVarInsn(Opcodes.ISTORE, 4);
        // a branch whose join point is a `new`: uninitialised objects while snippets read deep stack values
        Label zero = new Label();
        Label join = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitJumpInsn(Opcodes.IFEQ, zero);
        mv.visitLdcInsn("long");
        mv.visitVarInsn(Opcodes.ASTORE, 5);
        mv.visitJumpInsn(Opcodes.GOTO, join);
        mv.visitLabel(zero);
        mv.visitLdcInsn("s");
        mv.visitVarInsn(Opcodes.ASTORE, 5);
        mv.visitLabel(join);
        mv.visitTypeInsn(Opcodes.NEW, "java/lang/StringBuilder");
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ALOAD, 5);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/StringBuilder", "<init>", "(Ljava/lang/String;)V", false);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/StringBuilder", "length", "()I", false);
        mv.visitVarInsn(Opcodes.ISTORE, 6);
        // new StackShapes(null): a constructor writing a field before super()
        mv.visitTypeInsn(Opcodes.NEW, name);
        mv.visitInsn(Opcodes.DUP);
        mv.visitInsn(Opcodes.ACONST_NULL);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, name, "<init>", "(Ljava/lang/Object;)V", false);
        mv.visitInsn(Opcodes.POP);
        // try { 12 / n } catch (ArithmeticException) { -1 } → local 7
        Label tryStart = new Label();
        Label tryEnd = new Label();
        Label handler = new Label();
        Label after = new Label();
        mv.visitTryCatchBlock(tryStart, tryEnd, handler, "java/lang/ArithmeticException");
        mv.visitLabel(tryStart);
        mv.visitIntInsn(Opcodes.BIPUSH, 12);
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitInsn(Opcodes.IDIV);
        mv.visitVarInsn(Opcodes.ISTORE, 7);
        mv.visitLabel(tryEnd);
        mv.visitJumpInsn(Opcodes.GOTO, after);
        mv.visitLabel(handler);
        mv.visitInsn(Opcodes.POP);
        mv.visitInsn(Opcodes.ICONST_M1);
        mv.visitVarInsn(Opcodes.ISTORE, 7);
        mv.visitLabel(after);
        // 1 + 4 + 11 + 1028 + length + quotient * 100
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitVarInsn(Opcodes.ILOAD, 2);
        mv.visitInsn(Opcodes.IADD);
        mv.visitVarInsn(Opcodes.ILOAD, 3);
        mv.visitInsn(Opcodes.IADD);
        mv.visitVarInsn(Opcodes.ILOAD, 4);
        mv.visitInsn(Opcodes.IADD);
        mv.visitVarInsn(Opcodes.ILOAD, 6);
        mv.visitInsn(Opcodes.IADD);
        mv.visitVarInsn(Opcodes.ILOAD, 7);
        mv.visitIntInsn(Opcodes.BIPUSH, 100);
        mv.visitInsn(Opcodes.IMUL);
        mv.visitInsn(Opcodes.IADD);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();

        MethodVisitor rv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()V", null, null);
        rv.visitCode();
        recordInt(rv, "shapes(1)=", () -> {
            rv.visitInsn(Opcodes.ICONST_1);
            rv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "shapes", "(I)I", false);
        });
        recordInt(rv, "shapes(0)=", () -> {
            rv.visitInsn(Opcodes.ICONST_0);
            rv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "shapes", "(I)I", false);
        });
        rv.visitInsn(Opcodes.RETURN);
        rv.visitMaxs(0, 0);
        rv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** A Java 5 class: no StackMapTable; the JVM verifies it by type inference. */
    static byte[] old() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        String name = OLD.replace('.', '/');
        cw.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        // static int loop(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "loop", "(I)I", null, null);
        mv.visitCode();
        Label head = new Label();
        Label done = new Label();
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ISTORE, 1);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ISTORE, 2);
        mv.visitLabel(head);
        mv.visitVarInsn(Opcodes.ILOAD, 2);
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitJumpInsn(Opcodes.IF_ICMPGE, done);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitVarInsn(Opcodes.ILOAD, 2);
        mv.visitInsn(Opcodes.IADD);
        mv.visitVarInsn(Opcodes.ISTORE, 1);
        mv.visitIincInsn(2, 1);
        mv.visitJumpInsn(Opcodes.GOTO, head);
        mv.visitLabel(done);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        // static int divide(int a, int b) { try { return a / b; } catch (ArithmeticException e) { return -1; } }
        mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "divide", "(II)I", null, null);
        mv.visitCode();
        Label s = new Label();
        Label e = new Label();
        Label h = new Label();
        mv.visitTryCatchBlock(s, e, h, "java/lang/ArithmeticException");
        mv.visitLabel(s);
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitInsn(Opcodes.IDIV);
        mv.visitLabel(e);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitLabel(h);
        mv.visitInsn(Opcodes.POP);
        mv.visitInsn(Opcodes.ICONST_M1);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        // static int fail(int x) { throw new IllegalStateException("old"); }
        mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "fail", "(I)I", null, null);
        mv.visitCode();
        mv.visitTypeInsn(Opcodes.NEW, "java/lang/IllegalStateException");
        mv.visitInsn(Opcodes.DUP);
        mv.visitLdcInsn("old");
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "(Ljava/lang/String;)V", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        // run(): record loop(4), divide(6, 0), divide(6, 3); try { fail(9) } catch (IllegalStateException) {}
        MethodVisitor rv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()V", null, null);
        rv.visitCode();
        recordInt(rv, "loop(4)=", () -> {
            rv.visitInsn(Opcodes.ICONST_4);
            rv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "loop", "(I)I", false);
        });
        recordInt(rv, "divide(6,0)=", () -> {
            rv.visitIntInsn(Opcodes.BIPUSH, 6);
            rv.visitInsn(Opcodes.ICONST_0);
            rv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "divide", "(II)I", false);
        });
        recordInt(rv, "divide(6,3)=", () -> {
            rv.visitIntInsn(Opcodes.BIPUSH, 6);
            rv.visitInsn(Opcodes.ICONST_3);
            rv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "divide", "(II)I", false);
        });
        Label fs = new Label();
        Label fe = new Label();
        Label fh = new Label();
        Label end = new Label();
        rv.visitTryCatchBlock(fs, fe, fh, "java/lang/IllegalStateException");
        rv.visitLabel(fs);
        rv.visitIntInsn(Opcodes.BIPUSH, 9);
        rv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "fail", "(I)I", false);
        rv.visitInsn(Opcodes.POP);
        rv.visitLabel(fe);
        rv.visitJumpInsn(Opcodes.GOTO, end);
        rv.visitLabel(fh);
        rv.visitInsn(Opcodes.POP);
        rv.visitLabel(end);
        rv.visitInsn(Opcodes.RETURN);
        rv.visitMaxs(0, 0);
        rv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Emits {@code Events.record(prefix + String.valueOf(<int pushed by value>))}. */
    private static void recordInt(MethodVisitor mv, String prefix, Runnable value) {
        mv.visitLdcInsn(prefix);
        value.run();
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/String", "valueOf", "(I)Ljava/lang/String;", false);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/String", "concat", "(Ljava/lang/String;)Ljava/lang/String;", false);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, EVENTS, "record", "(Ljava/lang/String;)V", false);
    }
}
