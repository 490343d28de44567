package io.taper.weaver.internal;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * Operand-stack and local kinds of a method whose class file carries no stack map frames, by ASM's data-flow
 * {@link Analyzer}: {@link TypeStates}' {@code AnalyzerAdapter} follows the frames and knows nothing after
 * the first jump without them. Such class files are what the JVM hands over for retransformations of
 * classes loaded before the agent when class data sharing is off (it rebuilds them without frames), and
 * old (pre-Java 6) class files.
 *
 * <p>Only kinds are computed, never class names, so no class is loaded. An object from {@code NEW}, and
 * {@code this} in a constructor before its {@code super()}/{@code this()} call, stay uninitialised until
 * their {@code <init>} returns, in every slot that holds them; a slot whose kinds differ between paths is
 * unknown. Both are never handed to a snippet.
 */
final class FramelessTypes {

    private final MethodNode method;
    private final KindInterpreter interpreter;
    private final Frame<BasicValue>[] frames;

    private FramelessTypes(MethodNode method, KindInterpreter interpreter, Frame<BasicValue>[] frames) {
        this.method = method;
        this.interpreter = interpreter;
        this.frames = frames;
    }

    /** The analysis of {@code method} (unmodified), or null if ASM's analyzer rejects it. */
    static FramelessTypes analyze(String owner, MethodNode method) {
        KindInterpreter interpreter = new KindInterpreter("<init>".equals(method.name));
        try {
            return new FramelessTypes(method, interpreter, new KindAnalyzer(interpreter).analyze(owner, method));
        } catch (AnalyzerException | RuntimeException e) {
            return null;
        }
    }

    /** The state before {@code insn} (null: unreachable). */
    TypeStates.State before(AbstractInsnNode insn) {
        Frame<BasicValue> f = frames[method.instructions.indexOf(insn)];
        return f == null ? null : state(f);
    }

    /** The state right after {@code insn} ran (null: unreachable or not computable). */
    TypeStates.State after(AbstractInsnNode insn) {
        Frame<BasicValue> f = frames[method.instructions.indexOf(insn)];
        if (f == null) {
            return null;
        }
        if (insn.getOpcode() < 0) {
            return state(f);                           // a label, line number or frame: nothing runs
        }
        KindFrame next = new KindFrame(f);
        try {
            next.execute(insn, interpreter);
        } catch (AnalyzerException | RuntimeException e) {
            return null;
        }
        return state(next);
    }

    private static TypeStates.State state(Frame<BasicValue> f) {
        List<Object> locals = new ArrayList<>();
        for (int i = 0; i < f.getLocals(); i++) {
            locals.add(kind(f.getLocal(i)));
        }
        List<Object> stack = new ArrayList<>();
        for (int i = 0; i < f.getStackSize(); i++) {
            BasicValue v = f.getStack(i);
            stack.add(kind(v));
            if (v.getSize() == 2) {
                stack.add(Opcodes.TOP);
            }
        }
        return new TypeStates.State(stack.toArray(), locals.toArray());
    }

    private static Object kind(BasicValue v) {
        if (v instanceof Uninitialised u) {
            return u.isThis ? Opcodes.UNINITIALIZED_THIS : u.label;
        }
        if (v.getType() == null) {
            return Opcodes.TOP;                       // an empty slot, or kinds that differ between paths
        }
        return switch (v.getType().getSort()) {
            case Type.INT, Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT -> Opcodes.INTEGER;
            case Type.FLOAT -> Opcodes.FLOAT;
            case Type.LONG -> Opcodes.LONG;
            case Type.DOUBLE -> Opcodes.DOUBLE;
            case Type.OBJECT, Type.ARRAY -> "java/lang/Object";
            default -> Opcodes.TOP;                   // a subroutine's return address (VOID)
        };
    }

    /** An object not initialised yet: equal only to itself, so merging it with anything else is unknown. */
    private static final class Uninitialised extends BasicValue {
        final boolean isThis;
        final Label label = new Label();

        Uninitialised(boolean isThis) {
            super(Type.getObjectType("java/lang/Object"));
            this.isThis = isThis;
        }

        @Override
        public boolean equals(Object o) {
            return o == this;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    private static final class KindInterpreter extends BasicInterpreter {
        private final boolean constructor;
        private Uninitialised uninitialisedThis;

        KindInterpreter(boolean constructor) {
            super(Opcodes.ASM9);
            this.constructor = constructor;
        }

        @Override
        public BasicValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
            if (constructor && isInstanceMethod && local == 0) {
                if (uninitialisedThis == null) {
                    uninitialisedThis = new Uninitialised(true);
                }
                return uninitialisedThis;
            }
            return super.newParameterValue(isInstanceMethod, local, type);
        }

        @Override
        public BasicValue newOperation(AbstractInsnNode insn) throws AnalyzerException {
            if (insn.getOpcode() == Opcodes.NEW) {
                return new Uninitialised(false);
            }
            return super.newOperation(insn);
        }
    }

    /** Frames that mark every copy of an object initialised once its {@code <init>} returns. */
    private static final class KindAnalyzer extends Analyzer<BasicValue> {
        KindAnalyzer(KindInterpreter interpreter) {
            super(interpreter);
        }

        @Override
        protected Frame<BasicValue> newFrame(int numLocals, int numStack) {
            return new KindFrame(numLocals, numStack);
        }

        @Override
        protected Frame<BasicValue> newFrame(Frame<? extends BasicValue> frame) {
            return new KindFrame(frame);
        }
    }

    private static final class KindFrame extends Frame<BasicValue> {
        KindFrame(int numLocals, int numStack) {
            super(numLocals, numStack);
        }

        KindFrame(Frame<? extends BasicValue> frame) {
            super(frame);
        }

        @Override
        public void execute(AbstractInsnNode insn, Interpreter<BasicValue> interpreter) throws AnalyzerException {
            BasicValue receiver = null;
            if (insn.getOpcode() == Opcodes.INVOKESPECIAL && "<init>".equals(((MethodInsnNode) insn).name)) {
                int args = Type.getArgumentTypes(((MethodInsnNode) insn).desc).length;
                receiver = getStack(getStackSize() - args - 1);
            }
            super.execute(insn, interpreter);
            if (receiver instanceof Uninitialised) {
                for (int i = 0; i < getLocals(); i++) {
                    if (getLocal(i) == receiver) {
                        setLocal(i, BasicValue.REFERENCE_VALUE);
                    }
                }
                for (int i = 0; i < getStackSize(); i++) {
                    if (getStack(i) == receiver) {
                        setStack(i, BasicValue.REFERENCE_VALUE);
                    }
                }
            }
        }
    }
}
