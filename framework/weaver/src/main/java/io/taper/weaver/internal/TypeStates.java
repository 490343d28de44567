package io.taper.weaver.internal;

import java.util.IdentityHashMap;
import java.util.Map;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.AnalyzerAdapter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Operand-stack and local types at chosen instructions, from ASM's {@link AnalyzerAdapter} run over the
 * method's (expanded) frames: no class loading, and uninitialised objects are told apart. Only run for
 * methods where a placement needs them, and stopped as soon as every requested point is seen. A method
 * without frames gets the kinds the adapter cannot know from a data-flow analysis ({@link FramelessTypes}).
 */
final class TypeStates {

    /** Value kinds, as the code generator needs them. */
    static final char INT = 'I', FLOAT = 'F', LONG = 'J', DOUBLE = 'D', REF = 'A', UNINIT = 'U', UNKNOWN = '?';

    /** Types at one point: slot lists as in {@link AnalyzerAdapter} (long/double followed by TOP). */
    record State(Object[] stack, Object[] locals) {
    }

    private final Map<AbstractInsnNode, State> before = new IdentityHashMap<>();
    private final Map<AbstractInsnNode, State> after = new IdentityHashMap<>();
    private int pending;

    void requestBefore(AbstractInsnNode insn) {
        if (!before.containsKey(insn)) {
            before.put(insn, null);
            pending++;
        }
    }

    void requestAfter(AbstractInsnNode insn) {
        if (!after.containsKey(insn)) {
            after.put(insn, null);
            pending++;
        }
    }

    boolean isEmpty() {
        return pending == 0;
    }

    /** Runs the analysis over the unmodified method. */
    void compute(ClassNode owner, MethodNode method) {
        if (pending == 0) {
            return;
        }
        AnalyzerAdapter a = new AnalyzerAdapter(owner.name, method.access, method.name, method.desc, null);
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null && pending > 0; n = n.getNext()) {
            if (before.containsKey(n)) {
                before.put(n, snapshot(a));
                pending--;
            }
            n.accept(a);
            if (after.containsKey(n)) {
                after.put(n, snapshot(a));
                pending--;
            }
        }
        if (hasUnknown() && !hasFrames(method)) {
            fillFromDataFlow(owner, method);
        }
    }

    private boolean hasUnknown() {
        return before.containsValue(null) || after.containsValue(null);
    }

    private static boolean hasFrames(MethodNode method) {
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getType() == AbstractInsnNode.FRAME) {
                return true;
            }
        }
        return false;
    }

    /**
     * Without frames the adapter knows nothing after the first jump: the points it left unknown take the
     * kinds of ASM's data-flow analysis ({@link FramelessTypes}). With frames, a point the adapter left
     * unknown is unreachable code, and stays unknown.
     */
    private void fillFromDataFlow(ClassNode owner, MethodNode method) {
        FramelessTypes f = FramelessTypes.analyze(owner.name, method);
        if (f == null) {
            return;
        }
        for (Map.Entry<AbstractInsnNode, State> e : before.entrySet()) {
            if (e.getValue() == null) {
                e.setValue(f.before(e.getKey()));
            }
        }
        for (Map.Entry<AbstractInsnNode, State> e : after.entrySet()) {
            if (e.getValue() == null) {
                e.setValue(f.after(e.getKey()));
            }
        }
    }

    /** Types before the instruction (null: unknown, e.g. unreachable code or no frames). */
    State before(AbstractInsnNode insn) {
        return before.get(insn);
    }

    State after(AbstractInsnNode insn) {
        return after.get(insn);
    }

    private static State snapshot(AnalyzerAdapter a) {
        if (a.stack == null || a.locals == null) {
            return null;
        }
        return new State(a.stack.toArray(), a.locals.toArray());
    }

    /** Kinds of the stack values, top first (a long or double is one value). */
    static char[] stackKinds(State s, boolean thisIsInitialised) {
        Object[] st = s.stack;
        char[] kinds = new char[st.length];
        int n = 0;
        for (int i = st.length - 1; i >= 0; i--) {
            Object e = st[i];
            if (e == Opcodes.TOP && i > 0 && (st[i - 1] == Opcodes.LONG || st[i - 1] == Opcodes.DOUBLE)) {
                kinds[n++] = st[i - 1] == Opcodes.LONG ? LONG : DOUBLE;
                i--;
            } else {
                kinds[n++] = kind(e, thisIsInitialised);
            }
        }
        return java.util.Arrays.copyOf(kinds, n);
    }

    /** Kind of the local in this slot ({@link #UNKNOWN} if out of range or TOP). */
    static char localKind(State s, int slot, boolean thisIsInitialised) {
        return slot < s.locals.length ? kind(s.locals[slot], thisIsInitialised) : UNKNOWN;
    }

    static char kind(Object e, boolean thisIsInitialised) {
        if (e == Opcodes.INTEGER) {
            return INT;
        } else if (e == Opcodes.FLOAT) {
            return FLOAT;
        } else if (e == Opcodes.LONG) {
            return LONG;
        } else if (e == Opcodes.DOUBLE) {
            return DOUBLE;
        } else if (e == Opcodes.NULL || e instanceof String) {
            return REF;
        } else if (e == Opcodes.UNINITIALIZED_THIS) {
            return thisIsInitialised ? REF : UNINIT;
        } else if (e instanceof Label) {
            return UNINIT;
        }
        return UNKNOWN;
    }
}
