package io.taper.analysis.coverage.weave;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.AnalyzerAdapter;

/**
 * Turns each of JaCoCo's probes ({@code probes[i] = true}) into one that sets its flag only while it is false
 * ({@code if (!probes[i]) probes[i] = true}), so that code compiled after the probe fired has it folded away
 * (the flags are stable values: {@code io.taper.runtime.state.ProbeArrays}). The probe is recognised by its shape on the array's
 * local, which only the instrumentation writes: {@code aload V; push i; iconst_1; bastore}.
 *
 * <p>The jump over the store needs a stack map frame for classes of version 50 and later: it is the state before
 * the probe, which an {@link AnalyzerAdapter} below this visitor knows. Where it does not (unreachable code), or a
 * frame follows at the same offset anyway, the probe is left as it was or takes that frame.
 */
final class SelfRemovingProbes extends ClassVisitor {

    private final boolean frames;
    private String owner;

    SelfRemovingProbes(ClassVisitor cv, int version) {
        super(Opcodes.ASM9, cv);
        this.frames = version >= Opcodes.V1_6;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        owner = name;
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
        if (mv == null) {
            return null;
        }
        AnalyzerAdapter states = frames ? new AnalyzerAdapter(owner, access, name, desc, mv) : null;
        return new Rewriter(states == null ? mv : states, states);
    }

    /** Holds back a probe's first instructions until it is sure they are a probe. */
    private static final class Rewriter extends MethodVisitor {

        private final AnalyzerAdapter states;
        private int arrayLocal = -1;
        private boolean fetched;         // the probe array's fetch call was the last instruction
        private int held;                // 0: nothing, 1: aload V, 2: + index, 3: + iconst_1
        private int index;
        private Object[] frameLocals;    // the state before the held probe (null: unknown)
        private Object[] frameStack;
        private Object[][] pendingFrame; // the frame owed at a skip label, until an instruction needs it

        Rewriter(MethodVisitor mv, AnalyzerAdapter states) {
            super(Opcodes.ASM9, mv);
            this.states = states;
        }

        private void flush() {
            if (held >= 1) {
                super.visitVarInsn(Opcodes.ALOAD, arrayLocal);
            }
            if (held >= 2) {
                pushInt(index);
            }
            if (held >= 3) {
                super.visitInsn(Opcodes.ICONST_1);
            }
            held = 0;
        }

        /** Before any instruction: the held probe prefix, then the frame a skip label is owed. */
        private void beforeCode() {
            flush();
            if (pendingFrame != null) {
                Object[][] f = pendingFrame;
                pendingFrame = null;
                super.visitFrame(Opcodes.F_NEW, f[0].length, f[0], f[1].length, f[1]);
            }
        }

        private void pushInt(int v) {
            if (v >= -1 && v <= 5) {
                super.visitInsn(Opcodes.ICONST_0 + v);
            } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
                super.visitIntInsn(Opcodes.BIPUSH, v);
            } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                super.visitIntInsn(Opcodes.SIPUSH, v);
            } else {
                super.visitLdcInsn(v);
            }
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            if (fetched && opcode == Opcodes.ASTORE) {
                beforeCode();
                fetched = false;
                arrayLocal = var;
                super.visitVarInsn(opcode, var);
                return;
            }
            fetched = false;
            if (opcode == Opcodes.ALOAD && var == arrayLocal && arrayLocal >= 0) {
                beforeCode();
                held = 1;
                captureState();
                return;
            }
            beforeCode();
            super.visitVarInsn(opcode, var);
        }

        private void captureState() {
            frameLocals = null;
            frameStack = null;
            if (states != null && states.locals != null && states.stack != null) {
                frameLocals = compact(states.locals);
                frameStack = compact(states.stack);
            }
        }

        /** The analyser's two slots per long or double become the one entry a frame has. */
        private static Object[] compact(List<Object> types) {
            List<Object> out = new ArrayList<>(types.size());
            for (int i = 0; i < types.size(); i++) {
                Object t = types.get(i);
                out.add(t);
                if ((t == Opcodes.LONG || t == Opcodes.DOUBLE) && i + 1 < types.size() && types.get(i + 1) == Opcodes.TOP) {
                    i++;
                }
            }
            return out.toArray();
        }

        @Override
        public void visitInsn(int opcode) {
            fetched = false;
            if (held == 1 && opcode >= Opcodes.ICONST_M1 && opcode <= Opcodes.ICONST_5) {
                held = 2;
                index = opcode - Opcodes.ICONST_0;
                return;
            }
            if (held == 2 && opcode == Opcodes.ICONST_1) {
                held = 3;
                return;
            }
            if (held == 3 && opcode == Opcodes.BASTORE) {
                held = 0;
                selfRemovingProbe();
                return;
            }
            beforeCode();
            super.visitInsn(opcode);
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            fetched = false;
            if (held == 1 && (opcode == Opcodes.BIPUSH || opcode == Opcodes.SIPUSH)) {
                held = 2;
                index = operand;
                return;
            }
            beforeCode();
            super.visitIntInsn(opcode, operand);
        }

        @Override
        public void visitLdcInsn(Object value) {
            fetched = false;
            if (held == 1 && value instanceof Integer i) {
                held = 2;
                index = i;
                return;
            }
            beforeCode();
            super.visitLdcInsn(value);
        }

        private void selfRemovingProbe() {
            if (states != null && frameLocals == null) {
                // no known state for a frame: keep JaCoCo's probe
                super.visitVarInsn(Opcodes.ALOAD, arrayLocal);
                pushInt(index);
                super.visitInsn(Opcodes.ICONST_1);
                super.visitInsn(Opcodes.BASTORE);
                return;
            }
            Label skip = new Label();
            super.visitVarInsn(Opcodes.ALOAD, arrayLocal);
            pushInt(index);
            super.visitInsn(Opcodes.BALOAD);
            super.visitJumpInsn(Opcodes.IFNE, skip);
            super.visitVarInsn(Opcodes.ALOAD, arrayLocal);
            pushInt(index);
            super.visitInsn(Opcodes.ICONST_1);
            super.visitInsn(Opcodes.BASTORE);
            super.visitLabel(skip);
            if (states != null) {
                pendingFrame = new Object[][] {frameLocals, frameStack};
            }
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
            beforeCode();
            super.visitMethodInsn(opcode, owner, name, desc, itf);
            fetched = opcode == Opcodes.INVOKESTATIC && ProbeArrayFetch.OWNER.equals(owner)
                && ProbeArrayFetch.NAME.equals(name) && ProbeArrayFetch.DESC.equals(desc);
        }

        @Override
        public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            flush();
            pendingFrame = null;   // a frame at the same offset serves the skip label too
            fetched = false;
            super.visitFrame(type, numLocal, local, numStack, stack);
        }

        @Override
        public void visitLabel(Label label) {
            flush();   // labels and line numbers make no code: the owed frame waits for the next instruction
            fetched = false;
            super.visitLabel(label);
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            super.visitLineNumber(line, start);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String desc) {
            beforeCode();
            fetched = false;
            super.visitFieldInsn(opcode, owner, name, desc);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            beforeCode();
            fetched = false;
            super.visitTypeInsn(opcode, type);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            beforeCode();
            fetched = false;
            super.visitJumpInsn(opcode, label);
        }

        @Override
        public void visitIincInsn(int var, int increment) {
            beforeCode();
            fetched = false;
            super.visitIincInsn(var, increment);
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            beforeCode();
            fetched = false;
            super.visitTableSwitchInsn(min, max, dflt, labels);
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            beforeCode();
            fetched = false;
            super.visitLookupSwitchInsn(dflt, keys, labels);
        }

        @Override
        public void visitMultiANewArrayInsn(String desc, int dims) {
            beforeCode();
            fetched = false;
            super.visitMultiANewArrayInsn(desc, dims);
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String desc, org.objectweb.asm.Handle bsm, Object... args) {
            beforeCode();
            fetched = false;
            super.visitInvokeDynamicInsn(name, desc, bsm, args);
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            super.visitTryCatchBlock(start, end, handler, type);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            beforeCode();
            super.visitMaxs(maxStack, maxLocals);
        }
    }
}
