package io.taper.weaver;

import io.taper.api.ControlFlowMaxs;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.Thread}'s class file with the counters' field added ({@code public long[] taperCounts}, an empty
 * array from every constructor on), for a {@code java.base} the launcher patches: woven code then reaches the current
 * thread's counters with one load ({@code io.taper.runtime.state.ThreadFieldCounters}). The JDK finds the other fields
 * of {@code Thread} by name, so one more field moves nothing it relies on.
 */
public final class ThreadFieldPatch {

    /** The field's name; its type is {@code long[]}. */
    public static final String FIELD = "taperCounts";

    private ThreadFieldPatch() {
    }

    /**
     * @throws IllegalArgumentException if the bytes are not {@code java.lang.Thread}'s, or already have the field
     */
    public static byte[] addTo(byte[] threadClass) {
        ClassReader reader = new ClassReader(threadClass);
        if (!"java/lang/Thread".equals(reader.getClassName())) {
            throw new IllegalArgumentException("not java.lang.Thread: " + reader.getClassName());
        }
        boolean[] seen = {false};
        byte[] out = ControlFlowMaxs.write(reader, writer -> reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public org.objectweb.asm.FieldVisitor visitField(int access, String name, String desc, String sig,
                                                             Object value) {
                seen[0] |= FIELD.equals(name);
                return super.visitField(access, name, desc, sig, value);
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, desc, sig, exceptions);
                if (!"<init>".equals(name)) {
                    return mv;
                }
                return new MethodVisitor(Opcodes.ASM9, mv) {
                    @Override
                    public void visitMethodInsn(int op, String owner, String n, String d, boolean itf) {
                        super.visitMethodInsn(op, owner, n, d, itf);
                        // a constructor that calls this(...) gets the field from the one it calls
                        if (op == Opcodes.INVOKESPECIAL && "java/lang/Object".equals(owner) && "<init>".equals(n)) {
                            super.visitVarInsn(Opcodes.ALOAD, 0);
                            super.visitInsn(Opcodes.ICONST_0);
                            super.visitIntInsn(Opcodes.NEWARRAY, Opcodes.T_LONG);
                            super.visitFieldInsn(Opcodes.PUTFIELD, "java/lang/Thread", FIELD, "[J");
                        }
                    }
                };
            }

            @Override
            public void visitEnd() {
                if (!seen[0]) {
                    super.visitField(Opcodes.ACC_PUBLIC, FIELD, "[J", null, null).visitEnd();
                }
                super.visitEnd();
            }
        }, 0));
        if (seen[0]) {
            throw new IllegalArgumentException("java.lang.Thread already has " + FIELD);
        }
        return out;
    }
}
