package io.taper.analysis.bytecodecount.weave;

import io.taper.api.marker.Constructors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.InstructionAdapter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Weaves a method's counters: on entry the thread's counter array of the class goes into a new local
 * ({@link CounterArray#fetch}: one call, or a load from the thread's field and a length test), and each block starts
 * with a plain increment of its counter ({@code c[i]++}: eight bytes, no call, no atomic), but for the blocks whose
 * counts are derived from others' ({@link DerivedBlocks}). Frames (read expanded) get the new local appended. A
 * method of one block that nothing jumps back to (most small methods) takes {@link #weaveEntryOnly} instead: its one counter
 * is an entry counter, and code without a local keeps it under the JIT's inlining limits.
 */
final class CounterInsertion {

    static final String CONTEXTS = "io/taper/runtime/state/ContextCounters";
    private static final Type COUNTERS = Type.getType("[J");
    private static final Type OBJECT = Type.getType(Object.class);

    private CounterInsertion() {
    }

    /**
     * @param invocationCounter the counter incremented on entry only, or -1 when the first block's counts invocations
     * @param firstBlockCounter the first block's counter; the others follow
     */
    static void weave(MethodNode m, BasicBlocks blocks, boolean[] derived, CounterArray array, int invocationCounter,
                      int firstBlockCounter) {
        weave(m, blocks, derived, array, c -> array.fetch(c, m), invocationCounter, firstBlockCounter, List.of());
    }

    /**
     * {@link #weave} with each block's exits counted (an exception that leaves it), so that derivations may read
     * them: an int local holds the block that runs now, which every block that may throw sets on entry; every handler
     * of the method adds one to the exits of the block it holds before its own code, and so does a handler around
     * the whole body (in a constructor, from after its {@code super(...)} or {@code this(...)} call), which then
     * throws on. Block {@code b}'s exits are counter {@code firstBlockCounter + blocks + b}. Where nothing throws,
     * all this costs is a constant in a register.
     *
     * @param coveredFrom the instruction after which the handler around the body starts (a constructor's call of
     *                    its super or this), or null for the entry
     */
    static void weaveWithExits(ClassNode owner, MethodNode m, BasicBlocks blocks, boolean[] derived, CounterArray array,
                               int invocationCounter, int firstBlockCounter, AbstractInsnNode coveredFrom) {
        int local = m.maxLocals;
        int running = local + 1;
        int firstExit = firstBlockCounter + blocks.size();
        Set<Integer> handlers = new HashSet<>();
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            handlers.add(blocks.blockOfLabel().get(t.handler));
        }
        boolean[] mayThrow = blocks.mayThrow();
        weave(m, blocks, derived, array, c -> {
            array.fetch(c, m);
            c.iconst(0);
            c.store(running, Type.INT_TYPE);
        }, invocationCounter, firstBlockCounter, List.of(Opcodes.INTEGER), b -> code(c -> {
            if (handlers.contains(b)) {
                exit(c, array, local, running, firstExit);
            }
        }), b -> code(c -> {
            if (mayThrow[b]) {
                c.iconst(b);
                c.store(running, Type.INT_TYPE);
            }
        }));
        aroundBody(owner, m, local, coveredFrom, List.of(Opcodes.INTEGER), code(c -> exit(c, array, local, running,
            firstExit)));
    }

    /** {@code counts[firstExit + running]++}. */
    private static void exit(InstructionAdapter c, CounterArray array, int local, int running, int firstExit) {
        c.load(local, COUNTERS);
        c.load(running, Type.INT_TYPE);
        array.index(c, firstExit);
        c.add(Type.INT_TYPE);
        c.dup2();
        c.aload(Type.LONG_TYPE);
        c.lconst(1);
        c.add(Type.LONG_TYPE);
        c.astore(Type.LONG_TYPE);
    }

    /**
     * The calling-context variant: the entry fetches the thread's tree into a local of its own and the array of the
     * context the call opens ({@code ContextCounters.enter(tree, slot, base, length)}, the method's own counters only,
     * indexed from its first), and every exit hands both back: before each return, and in a handler of any exception
     * that covers the whole body (in a constructor, from after its {@code super(...)} or {@code this(...)} call: no
     * handler may cover code that runs on an uninitialised {@code this}). The handler's frame names only the array and
     * the tree, so it fits every frame it covers.
     *
     * @param base the method's first counter in the class's layout (its invocation counter, or its first block's)
     */
    static void weaveContexts(ClassNode owner, MethodNode m, BasicBlocks blocks, boolean[] derived, int slot, int base,
                              int length, int invocationCounter, int firstBlockCounter) {
        int local = m.maxLocals;
        int tree = local + 1;
        AbstractInsnNode init = Constructors.initCall(owner, m);
        weave(m, blocks, derived, new CounterArray(owner, slot, length, -1), c -> {
            c.invokestatic(CONTEXTS, "tree", "()Ljava/lang/Object;", false);
            c.dup();
            c.store(tree, OBJECT);
            c.getDelegate().visitLdcInsn(slot);
            c.iconst(base);
            c.iconst(length);
            c.invokestatic(CONTEXTS, "enter", "(Ljava/lang/Object;III)[J", false);
        }, invocationCounter >= 0 ? invocationCounter - base : -1, firstBlockCounter - base,
            List.of("java/lang/Object"));
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() >= Opcodes.IRETURN && n.getOpcode() <= Opcodes.RETURN) {
                m.instructions.insertBefore(n, exit(local, tree));
            }
        }
        boolean constructor = "<init>".equals(m.name) && !"java/lang/Object".equals(owner.name);
        if (constructor && init == null) {
            return;   // no call found (no frames to follow): exits at returns only, a missed one resyncs
        }
        aroundBody(owner, m, local, constructor ? init : null, List.of("java/lang/Object"), exit(local, tree));
    }

    /**
     * A handler of any exception around the whole body that runs {@code code} and throws on: from after the entry's
     * store of the counter array (the first: the entry code goes in front of the method), or from after
     * {@code coveredFrom}, a constructor's call of its super or this. Its frame names only the array and the
     * {@code extras} after it, so it fits every frame it covers.
     */
    private static void aroundBody(ClassNode owner, MethodNode m, int local, AbstractInsnNode coveredFrom,
                                   List<Object> extras, InsnList code) {
        LabelNode start = new LabelNode();
        if (coveredFrom != null) {
            m.instructions.insert(coveredFrom, start);
        } else {
            AbstractInsnNode n = m.instructions.getFirst();
            while (!(n instanceof VarInsnNode v && v.getOpcode() == Opcodes.ASTORE && v.var == local)) {
                n = n.getNext();
            }
            m.instructions.insert(n, start);
        }
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        m.instructions.add(end);
        m.instructions.add(handler);
        if ((owner.version & 0xFFFF) >= Opcodes.V1_6) {
            List<Object> locals = withLocal(List.of(), local, extras);
            m.instructions.add(new FrameNode(Opcodes.F_NEW, locals.size(), locals.toArray(), 1,
                new Object[] {"java/lang/Throwable"}));
        }
        m.instructions.add(code);
        m.instructions.add(new InsnNode(Opcodes.ATHROW));
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    /** {@code ContextCounters.exit(tree, array)}. */
    private static InsnList exit(int local, int tree) {
        return code(c -> {
            c.load(tree, OBJECT);
            c.load(local, COUNTERS);
            c.invokestatic(CONTEXTS, "exit", "(Ljava/lang/Object;[J)V", false);
        });
    }

    /**
     * @param fetch  code that leaves the counter array on the stack (stored into a new local, {@code m.maxLocals})
     * @param extras the types of the locals the fetch stores after that one, for the frames
     */
    private static void weave(MethodNode m, BasicBlocks blocks, boolean[] derived, CounterArray array,
                              Consumer<InstructionAdapter> fetch, int invocationCounter, int firstBlockCounter,
                              List<Object> extras) {
        weave(m, blocks, derived, array, fetch, invocationCounter, firstBlockCounter, extras, b -> new InsnList(),
            b -> new InsnList());
    }

    /**
     * @param before code in front of a block's increment (and of its leader, if the block is derived)
     * @param after  code between a block's increment and its leader
     */
    private static void weave(MethodNode m, BasicBlocks blocks, boolean[] derived, CounterArray array,
                              Consumer<InstructionAdapter> fetch, int invocationCounter, int firstBlockCounter,
                              List<Object> extras, IntFunction<InsnList> before, IntFunction<InsnList> after) {
        int local = m.maxLocals;
        InsnList entry = code(c -> {
            fetch.accept(c);
            c.store(local, COUNTERS);
            if (invocationCounter >= 0) {
                c.load(local, COUNTERS);
                increment(c, array, invocationCounter);
            }
        });
        Map<LabelNode, LabelNode> moved = new HashMap<>();
        for (int b = 0; b < blocks.size(); b++) {
            AbstractInsnNode leader = blocks.leaders().get(b);
            int counter = firstBlockCounter + b;
            InsnList inc = before.apply(b);
            if (!derived[b]) {
                inc.add(code(c -> {
                    c.load(local, COUNTERS);
                    increment(c, array, counter);
                }));
            }
            inc.add(after.apply(b));
            if (inc.size() == 0) {
                continue;
            }
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
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof FrameNode f) {
                f.local = withLocal(moved(f.local, moved), local, extras);
                f.stack = moved(f.stack, moved);
            }
        }
        m.instructions.insert(entry);
        m.maxLocals = local + 1 + extras.size();
        m.maxStack += 6;   // array, index, array, index, long: recomputed by the writer anyway
    }

    /**
     * The entry-only variant: {@code ThreadCounters.count(slot, size, counter)} in front of the method, no local, no
     * frame changes; through the thread's field, the field's array tested for length and incremented, with one frame
     * at the join.
     */
    static void weaveEntryOnly(MethodNode m, CounterArray array, int counter) {
        MethodNode scratch = new MethodNode();
        array.countEntry(scratch, m, counter);
        m.instructions.insert(scratch.instructions);
        m.maxStack += 3;
    }

    /** Code emitted through ASM's {@link InstructionAdapter} (its {@code iconst} picks the shortest push). */
    private static InsnList code(Consumer<InstructionAdapter> emit) {
        MethodNode scratch = new MethodNode();
        emit.accept(new InstructionAdapter(scratch));
        return scratch.instructions;
    }

    /**
     * {@code [counter]++} on the counter array on the stack (consumed), inline: eight bytes. (A call to
     * {@code ThreadCounters.increment} instead, six bytes and a stack depth of two, made Rhino and H2 10-15 % slower.)
     */
    private static void increment(InstructionAdapter c, CounterArray array, int counter) {
        array.index(c, counter);
        c.dup2();
        c.aload(Type.LONG_TYPE);
        c.lconst(1);
        c.add(Type.LONG_TYPE);
        c.astore(Type.LONG_TYPE);
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

    /** An expanded frame's locals with TOP up to {@code local}, the counter array there and the extras after it. */
    private static List<Object> withLocal(List<Object> locals, int local, List<Object> extras) {
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
        out.addAll(extras);
        return out;
    }
}
