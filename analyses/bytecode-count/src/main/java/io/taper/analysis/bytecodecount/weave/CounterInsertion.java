package io.taper.analysis.bytecodecount.weave;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Weaves a method's counters: on entry the thread's counter array of the class goes into a new local (one call,
 * {@code ThreadCounters.counters(slot, size)}), and each block starts with a plain increment of its counter
 * ({@code c[i]++}: eight bytes, no call, no atomic). Frames (read expanded) get the new local appended.
 */
final class CounterInsertion {

    static final String OWNER = "io/taper/runtime/state/ThreadCounters";
    static final String NAME = "counters";
    static final String DESC = "(II)[J";

    private CounterInsertion() {
    }

    /**
     * @param invocationCounter the counter incremented on entry only, or -1 when the first block's counts invocations
     * @param firstBlockCounter the first block's counter; the others follow
     */
    static void weave(MethodNode m, BasicBlocks blocks, int slot, int size, int invocationCounter,
                      int firstBlockCounter) {
        int local = m.maxLocals;
        InsnList entry = new InsnList();
        entry.add(push(slot));
        entry.add(push(size));
        entry.add(new MethodInsnNode(Opcodes.INVOKESTATIC, OWNER, NAME, DESC, false));
        entry.add(new VarInsnNode(Opcodes.ASTORE, local));
        if (invocationCounter >= 0) {
            entry.add(increment(local, invocationCounter));
        }
        Map<LabelNode, LabelNode> moved = new HashMap<>();
        for (int b = 0; b < blocks.size(); b++) {
            AbstractInsnNode leader = blocks.leaders().get(b);
            InsnList inc = increment(local, firstBlockCounter + b);
            AbstractInsnNode first = inc.getFirst();
            m.instructions.insertBefore(leader, inc);
            if (leader.getOpcode() == Opcodes.NEW) {
                // Frames name an uninitialised object by the label of its NEW: the labels that marked the NEW now
                // mark the increment, so the NEW gets a label of its own and the frames are told
                LabelNode own = new LabelNode();
                m.instructions.insertBefore(leader, own);
                for (AbstractInsnNode n = first.getPrevious(); n != null && n.getOpcode() < 0; n = n.getPrevious()) {
                    if (n instanceof LabelNode l) {
                        moved.put(l, own);
                    }
                }
            }
        }
        m.instructions.insert(entry);
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof FrameNode f) {
                f.local = withLocal(moved(f.local, moved), local);
                f.stack = moved(f.stack, moved);
            }
        }
        m.maxLocals = local + 1;
        m.maxStack += 6;   // array, index, array, index, long: recomputed by the writer anyway
    }

    /**
     * The entry-only variant: {@code ThreadCounters.counters(slot, size)[counter]++} in front of the method, no local,
     * no frame changes.
     */
    static void weaveEntryOnly(MethodNode m, int slot, int size, int counter) {
        InsnList entry = new InsnList();
        entry.add(push(slot));
        entry.add(push(size));
        entry.add(new MethodInsnNode(Opcodes.INVOKESTATIC, OWNER, NAME, DESC, false));
        entry.add(push(counter));
        entry.add(new InsnNode(Opcodes.DUP2));
        entry.add(new InsnNode(Opcodes.LALOAD));
        entry.add(new InsnNode(Opcodes.LCONST_1));
        entry.add(new InsnNode(Opcodes.LADD));
        entry.add(new InsnNode(Opcodes.LASTORE));
        m.instructions.insert(entry);
        m.maxStack += 6;
    }

    private static InsnList increment(int local, int counter) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, local));
        l.add(push(counter));
        l.add(new InsnNode(Opcodes.DUP2));
        l.add(new InsnNode(Opcodes.LALOAD));
        l.add(new InsnNode(Opcodes.LCONST_1));
        l.add(new InsnNode(Opcodes.LADD));
        l.add(new InsnNode(Opcodes.LASTORE));
        return l;
    }

    static AbstractInsnNode push(int v) {
        if (v >= -1 && v <= 5) {
            return new InsnNode(Opcodes.ICONST_0 + v);
        }
        if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
            return new IntInsnNode(Opcodes.BIPUSH, v);
        }
        if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
            return new IntInsnNode(Opcodes.SIPUSH, v);
        }
        return new LdcInsnNode(v);
    }

    /** Frame types with the uninitialised objects' labels replaced as {@code moved} says. */
    private static List<Object> moved(List<Object> types, Map<LabelNode, LabelNode> moved) {
        if (types == null || moved.isEmpty()) {
            return types;
        }
        List<Object> out = new ArrayList<>(types.size());
        for (Object t : types) {
            Object to = t instanceof LabelNode l ? moved.get(l) : null;
            out.add(to != null ? to : t);
        }
        return out;
    }

    /** An expanded frame's locals with TOP up to {@code local} and the counter array there. */
    private static List<Object> withLocal(List<Object> locals, int local) {
        List<Object> out = new ArrayList<>(locals == null ? List.of() : locals);
        int slots = 0;
        for (Object o : out) {
            slots += o == Opcodes.LONG || o == Opcodes.DOUBLE ? 2 : 1;
        }
        while (slots < local) {
            out.add(Opcodes.TOP);
            slots++;
        }
        out.add("[J");
        return out;
    }
}
