package io.taper.analysis.sfa;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Follows {@code this} through a constructor, on every path of its control flow, to tell which
 * {@code putfield}s are fresh ({@link FreshWriteMarker}) and whether {@code this} ever leaves the constructor's
 * hands ({@link ConstructorFrameMarker}).
 *
 * <p>A forward data flow over the instructions, normal and exceptional edges alike, whose state on entry to an
 * instruction is: has the initialising super constructor call been made, which of its own fields the
 * constructor has read from {@code this} so far, and has {@code this} been used for anything else (escaped,
 * compared, copied: then nothing after is fresh). States join by union, so a write is fresh only if it is fresh
 * along every path that reaches it: a field read on one branch or in an earlier loop iteration makes the write
 * after it ordinary. Calls and field accesses that do not involve {@code this} change nothing: no other code can
 * reach an object whose reference never left its constructor, which is what makes the JDK's branching
 * constructors ({@code String}'s, say) as analysable as straight ones.
 */
final class FreshWriteAnalysis {

    private static final String OBJECT = "java/lang/Object";

    static final List<String> LOCAL_SUPER_CANDIDATES = List.of("java/lang/Number", "java/lang/Enum", "java/lang/Record");

    /**
     * Super classes whose every constructor keeps {@code this} to itself (and whose own super class does), so a
     * subclass's writes after {@code super(...)} can be fresh too: {@code Object}, and those of {@link
     * #LOCAL_SUPER_CANDIDATES} that the analysis confirms on this JDK's bytes. Boxes ({@code Long.value},
     * {@code Integer.value}) and enum constants' fields are then settled; a super class that is not on the list
     * keeps the old answer (its constructor may call an overridden method that reads the field first).
     */
    static final Set<String> LOCAL_SUPERS = localSupers();

    /**
     * Per constructor: its fresh writes; its other writes to {@code this} (surely {@code this} on every path: they
     * happen while the object's constructor runs, whatever else the object went through); and whether {@code this}
     * stayed in the constructor on every path.
     */
    record Result(Set<AbstractInsnNode> fresh, Set<AbstractInsnNode> own, boolean thisStaysLocal) {
        static final Result NONE = new Result(Set.of(), Set.of(), false);
    }

    /** The state on entry to an instruction; immutable, joined by union. */
    private record State(boolean initialised, boolean escaped, Set<String> read) {
        static final State START = new State(false, false, Set.of());

        State join(State o) {
            if (o == null || equals(o)) {
                return this;
            }
            boolean esc = escaped || o.escaped || initialised != o.initialised;
            Set<String> r = read;
            if (!read.containsAll(o.read)) {
                r = new HashSet<>(read);
                r.addAll(o.read);
            }
            return new State(initialised || o.initialised, esc, r);
        }

        State escape() {
            return escaped ? this : new State(initialised, true, read);
        }
    }

    private FreshWriteAnalysis() {
    }

    private static Set<String> localSupers() {
        Set<String> local = new HashSet<>();
        local.add(OBJECT);
        for (String c : LOCAL_SUPER_CANDIDATES) {
            if (allConstructorsKeepThisLocal(c, local)) {
                local.add(c);
            }
        }
        return Set.copyOf(local);
    }

    /** Reads the class from the running JDK; false if it cannot, or any constructor lets {@code this} out. */
    static boolean allConstructorsKeepThisLocal(String internalName, Set<String> localSupers) {
        ClassNode cn = new ClassNode();
        try {
            new ClassReader(internalName).accept(cn, ClassReader.SKIP_FRAMES);
        } catch (IOException | RuntimeException e) {
            return false;
        }
        if (cn.superName == null || !localSupers.contains(cn.superName)) {
            return false;
        }
        boolean any = false;
        for (MethodNode m : cn.methods) {
            if ("<init>".equals(m.name)) {
                any = true;
                if ((m.tryCatchBlocks != null && !m.tryCatchBlocks.isEmpty()) || !analyse(cn, m, localSupers).thisStaysLocal()) {
                    return false;
                }
            }
        }
        return any;
    }

    static Result analyse(ClassNode owner, MethodNode method) {
        return analyse(owner, method, LOCAL_SUPERS);
    }

    private static Result analyse(ClassNode owner, MethodNode method, Set<String> localSupers) {
        if (!"<init>".equals(method.name) || (method.access & Opcodes.ACC_STATIC) != 0 || storesToThis(method)) {
            return Result.NONE;
        }
        Frame<SourceValue>[] frames;
        SourceInterpreter interpreter = new SourceInterpreter();
        try {
            frames = new Analyzer<>(interpreter).analyze(owner.name, method);
        } catch (AnalyzerException | RuntimeException e) {
            return Result.NONE;
        }
        InsnList list = method.instructions;
        AbstractInsnNode[] insns = list.toArray();
        int size = insns.length;
        if (size == 0) {
            return Result.NONE;
        }
        boolean localSuper = owner.superName != null && localSupers.contains(owner.superName);
        int[][] handlers = handlers(method, list, size);
        State[] in = new State[size];
        in[0] = State.START;
        ArrayDeque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[size];
        work.add(0);
        queued[0] = true;
        boolean escapedAnywhere = false;
        boolean superInit = false;
        while (!work.isEmpty()) {
            int i = work.poll();
            queued[i] = false;
            State s = in[i];
            AbstractInsnNode n = insns[i];
            State out;
            try {
                out = transfer(owner, n, frames[i], s, localSuper, interpreter);
            } catch (AnalyzerException | RuntimeException e) {
                return Result.NONE;
            }
            if (out == null) {
                continue;                                    // unreachable code (no analyzer frame)
            }
            if (out.escaped) {
                escapedAnywhere = true;
            }
            if (out.initialised) {
                superInit = true;
            }
            for (int h : handlers[i]) {
                // an exception may leave before or after the instruction's effect
                flow(in, queued, work, h, s.join(out));
            }
            int op = n.getOpcode();
            if (op == Opcodes.JSR) {
                return Result.NONE;                          // subroutines: not javac 1.6+ output, no answer
            }
            if (n instanceof JumpInsnNode j) {
                flow(in, queued, work, list.indexOf(j.label), out);
                if (op == Opcodes.GOTO) {
                    continue;
                }
            } else if (n instanceof TableSwitchInsnNode t) {
                flowAll(in, queued, work, list, t.dflt, t.labels, out);
                continue;
            } else if (n instanceof LookupSwitchInsnNode t) {
                flowAll(in, queued, work, list, t.dflt, t.labels, out);
                continue;
            } else if (op == Opcodes.ATHROW || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) || op == Opcodes.RET) {
                continue;
            }
            if (i + 1 < size) {
                flow(in, queued, work, i + 1, out);
            }
        }
        // decide each write on its final (joined) state
        Set<AbstractInsnNode> fresh = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<AbstractInsnNode> own = Collections.newSetFromMap(new IdentityHashMap<>());
        boolean allThisWritesFresh = true;
        for (int i = 0; i < size; i++) {
            AbstractInsnNode n = insns[i];
            if (n.getOpcode() != Opcodes.PUTFIELD || in[i] == null || frames[i] == null) {
                continue;
            }
            Boolean verdict = freshWrite(owner, (FieldInsnNode) n, frames[i], in[i]);
            if (verdict == null) {
                continue;                                    // not a write to this
            }
            if (verdict) {
                fresh.add(n);
            } else {
                allThisWritesFresh = false;
                if (isThis(frames[i].getStack(frames[i].getStackSize() - 2))) {
                    own.add(n);
                }
            }
        }
        return new Result(fresh, own, localSuper && superInit && !escapedAnywhere && allThisWritesFresh);
    }

    private static void flowAll(State[] in, boolean[] queued, ArrayDeque<Integer> work, InsnList list, LabelNode dflt,
            List<LabelNode> labels, State s) {
        flow(in, queued, work, list.indexOf(dflt), s);
        for (LabelNode l : labels) {
            flow(in, queued, work, list.indexOf(l), s);
        }
    }

    private static void flow(State[] in, boolean[] queued, ArrayDeque<Integer> work, int target, State s) {
        if (target < 0) {
            return;
        }
        State old = in[target];
        State joined = old == null ? s : old.join(s);
        if (joined != old && !joined.equals(old)) {
            in[target] = joined;
            if (!queued[target]) {
                queued[target] = true;
                work.add(target);
            }
        }
    }

    /** The state after {@code n}; null if {@code n} is unreachable. */
    private static State transfer(ClassNode owner, AbstractInsnNode n, Frame<SourceValue> before, State s,
            boolean localSuper, SourceInterpreter interpreter) throws AnalyzerException {
        int op = n.getOpcode();
        if (op < 0) {
            return s;                                        // label, line number, frame
        }
        if (before == null) {
            return null;
        }
        if (s.escaped) {
            return s;
        }
        Frame<SourceValue> after = new Frame<>(before);
        after.execute(n, interpreter);
        int consumedFrom = commonStackPrefix(before, after);
        int top = before.getStackSize();
        boolean thisConsumed = false;
        for (int k = consumedFrom; k < top; k++) {
            if (mayBeThis(before.getStack(k))) {
                thisConsumed = true;
            }
        }
        if (op == Opcodes.INVOKESPECIAL && "<init>".equals(((MethodInsnNode) n).name)) {
            MethodInsnNode m = (MethodInsnNode) n;
            int receiver = top - Type.getArgumentTypes(m.desc).length - 1;
            if (receiver >= 0 && isThis(before.getStack(receiver))) {
                // the constructor's own initialising call: only a local super class's, once, with this nowhere else
                if (s.initialised || !localSuper || !m.owner.equals(owner.superName)
                        || !onlyAt(before, consumedFrom, top, receiver)) {
                    return s.escape();      // another super constructor may read any field: nothing after is fresh
                }
                return new State(true, false, s.read);
            }
            return thisConsumed ? s.escape() : s;           // this passed to another object's constructor
        }
        if (op >= Opcodes.DUP && op <= Opcodes.SWAP && thisInTop(before, touched(op))) {
            return s.escape();             // a copy of this is not recognisable as this any more (e.g. this.x++)
        }
        if (op == Opcodes.PUTFIELD) {
            int receiver = top - 2;
            if (receiver >= 0 && isThis(before.getStack(receiver)) && onlyAt(before, consumedFrom, top, receiver)) {
                return s;                                    // a write to this: decided at the end
            }
            return thisConsumed ? s.escape() : s;           // this stored as a value
        }
        if (op == Opcodes.GETFIELD && thisConsumed) {
            FieldInsnNode f = (FieldInsnNode) n;
            if (s.initialised && isThis(before.getStack(top - 1)) && f.owner.equals(owner.name)) {
                if (s.read.contains(f.name)) {
                    return s;
                }
                Set<String> r = new HashSet<>(s.read);
                r.add(f.name);
                return new State(true, false, r);            // reading its own field shows nothing of this
            }
            return s.escape();
        }
        return thisConsumed ? s.escape() : s;               // this escapes, is compared or locked: stop
    }

    /**
     * Whether a {@code putfield} is a fresh write to this (null: not a write to this). Before the initialising
     * call nothing can read the object; after it, only what this constructor read itself.
     */
    private static Boolean freshWrite(ClassNode owner, FieldInsnNode f, Frame<SourceValue> before, State s) {
        int top = before.getStackSize();
        int receiver = top - 2;
        if (receiver < 0 || !mayBeThis(before.getStack(receiver))) {
            return null;
        }
        if (s.escaped || !isThis(before.getStack(receiver)) || mayBeThis(before.getStack(top - 1))) {
            return Boolean.FALSE;
        }
        return f.owner.equals(owner.name) && (!s.initialised || !s.read.contains(f.name));
    }

    /** Per instruction, the handlers an exception there may reach (indices). */
    private static int[][] handlers(MethodNode m, InsnList list, int size) {
        int[][] h = new int[size][];
        int[] none = new int[0];
        Arrays.fill(h, none);
        if (m.tryCatchBlocks == null) {
            return h;
        }
        for (TryCatchBlockNode b : m.tryCatchBlocks) {
            int start = list.indexOf(b.start);
            int end = list.indexOf(b.end);
            int handler = list.indexOf(b.handler);
            for (int i = start; i < end; i++) {
                int[] old = h[i];
                int[] grown = Arrays.copyOf(old, old.length + 1);
                grown[old.length] = handler;
                h[i] = grown;
            }
        }
        return h;
    }

    /** Local 0 reassigned anywhere: then a load of local 0 is not necessarily {@code this}. */
    private static boolean storesToThis(MethodNode m) {
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof VarInsnNode v && v.var == 0 && v.getOpcode() >= Opcodes.ISTORE
                    && v.getOpcode() <= Opcodes.ASTORE) {
                return true;
            }
            if (n instanceof IincInsnNode inc && inc.var == 0) {
                return true;
            }
        }
        return false;
    }

    /** Number of bottom stack entries the instruction left untouched (the analyzer keeps them by identity). */
    private static int commonStackPrefix(Frame<SourceValue> before, Frame<SourceValue> after) {
        int n = Math.min(before.getStackSize(), after.getStackSize());
        int k = 0;
        while (k < n && before.getStack(k) == after.getStack(k)) {
            k++;
        }
        return k;
    }

    /** True if, among the consumed entries, {@code this} is only at {@code position}, and surely there. */
    private static boolean onlyAt(Frame<SourceValue> before, int from, int top, int position) {
        for (int s = from; s < top; s++) {
            if (s != position && mayBeThis(before.getStack(s))) {
                return false;
            }
        }
        return position >= from && isThis(before.getStack(position));
    }

    /** Stack entries a dup or swap may copy or move (counting a long or double as one, the larger case). */
    private static int touched(int op) {
        return switch (op) {
            case Opcodes.DUP -> 1;
            case Opcodes.DUP_X1, Opcodes.DUP2, Opcodes.SWAP -> 2;
            case Opcodes.DUP_X2, Opcodes.DUP2_X1 -> 3;
            default -> 4;
        };
    }

    private static boolean thisInTop(Frame<SourceValue> f, int entries) {
        for (int s = Math.max(0, f.getStackSize() - entries); s < f.getStackSize(); s++) {
            if (mayBeThis(f.getStack(s))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Surely {@code this}: loaded from local 0 by one instruction. After a join a stack value may come from
     * several loads, of {@code this} on one path and of something else on another ({@link #mayBeThis}).
     */
    private static boolean isThis(SourceValue v) {
        if (v == null || v.insns.size() != 1) {
            return false;
        }
        AbstractInsnNode src = v.insns.iterator().next();
        return src instanceof VarInsnNode var && var.getOpcode() == Opcodes.ALOAD && var.var == 0;
    }

    /** Possibly {@code this} on some path: any of its sources loads local 0 (never reassigned here). */
    private static boolean mayBeThis(SourceValue v) {
        if (v == null) {
            return false;
        }
        for (AbstractInsnNode src : v.insns) {
            if (src instanceof VarInsnNode var && var.getOpcode() == Opcodes.ALOAD && var.var == 0) {
                return true;
            }
        }
        return false;
    }
}
