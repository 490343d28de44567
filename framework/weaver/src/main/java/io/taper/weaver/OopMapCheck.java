package io.taper.weaver;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Checks code against the rules of HotSpot's own abstract interpretation ({@code GenerateOopMap}), which the JVM
 * runs on a method, without its stack map frames, whenever it needs the method's oop map: a garbage collection or
 * a JVMTI call that finds an interpreted frame of it, on-stack replacement. A method that breaks a rule stops the
 * whole JVM there ("Illegal class file encountered", or "Rewriting method not allowed"), long after it was loaded.
 * Boot classes are not verified, and the verifier's rules are not these (it trusts the frames), so passing
 * {@code -Xverify:all} or ASM's analyzer is not enough.
 *
 * <p>The rules, as {@code generateOopMap.cpp} applies them: each local and stack cell is a set of kinds (reference,
 * value, return address, uninitialised); states merge by union at the heads of basic blocks, with no frames; an
 * exception handler receives the locals before every instruction in its range that can trap, in the table's order,
 * up to the first catch-all; the operand stack never exceeds {@code max_stack} nor underflows, its height agrees
 * where paths join, and every instruction pops exactly the kinds it takes; no local outside {@code max_locals};
 * {@code aload} of a local that may hold a value or a return address is a conflict the JVM can only resolve by
 * rewriting the method, which it does at link time for methods with {@code jsr} and nowhere else; {@code ret} needs a
 * local holding one return address; code never falls off its end.
 */
public final class OopMapCheck {

    /** A method that breaks one of the rules: the first broken, at an instruction's index in ASM's list. */
    public record Violation(String method, String descriptor, int instruction, String rule) {
        @Override
        public String toString() {
            return method + descriptor + " at instruction " + instruction + ": " + rule;
        }
    }

    private static final int REF = 1;
    private static final int VAL = 2;
    private static final int ADDR = 4;
    private static final int UNINIT = 8;
    private static final int KINDS = 15;
    /** A return address's info: its subroutine's first instruction + 1; this when two differ. */
    private static final int ADDR_CONFLICT = 0x7FFFFFF;

    private OopMapCheck() {
    }

    /** Every method of the class file that breaks a rule (empty when all conform). */
    public static List<Violation> check(byte[] classFile) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, ClassReader.SKIP_FRAMES | ClassReader.SKIP_DEBUG);
        List<Violation> out = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            Violation v = check(m);
            if (v != null) {
                out.add(v);
            }
        }
        return out;
    }

    /** The first rule the method breaks, or null (also for a method without code). */
    public static Violation check(MethodNode m) {
        if (m.instructions == null || m.instructions.size() == 0) {
            return null;
        }
        return new Interpretation(m).run();
    }

    /** Thrown inside an interpretation at the first broken rule. */
    private static final class Broken extends RuntimeException {
        final int at;

        Broken(int at, String rule) {
            super(rule, null, false, false);
            this.at = at;
        }
    }

    private static final class Interpretation {
        private final MethodNode m;
        private final AbstractInsnNode[] insns;
        private final int maxLocals;
        private final int maxStack;
        private final boolean hasJsr;
        private final boolean hasMonitors;
        private final int[][] handlers;   // per try-catch block: start, end, handler index, catch-all (1) or not
        private final int[] blockOf;      // instruction index -> its block's number if it heads a block, else -1
        private final int[] heads;        // block number -> first instruction index
        private final int[][] entry;      // block number -> locals then stack, or null while unreached
        private final int[] entryTop;
        private final BitSet changed = new BitSet();
        private final BitSet initVars = new BitSet();
        private boolean newInitVar;
        // the state being interpreted
        private final int[] cells;
        private int top;

        Interpretation(MethodNode m) {
            this.m = m;
            InsnList list = m.instructions;
            insns = list.toArray();
            maxLocals = m.maxLocals;
            maxStack = m.maxStack;
            boolean jsr = false;
            boolean monitors = false;
            for (AbstractInsnNode n : insns) {
                int op = n.getOpcode();
                jsr |= op == Opcodes.JSR || op == Opcodes.RET;
                monitors |= op == Opcodes.MONITORENTER;
            }
            hasJsr = jsr;
            hasMonitors = monitors;
            List<TryCatchBlockNode> tcbs = m.tryCatchBlocks == null ? List.of() : m.tryCatchBlocks;
            handlers = new int[tcbs.size()][];
            BitSet isHead = new BitSet(insns.length);
            isHead.set(0);
            for (int i = 0; i < handlers.length; i++) {
                TryCatchBlockNode t = tcbs.get(i);
                handlers[i] = new int[] {list.indexOf(t.start), list.indexOf(t.end), list.indexOf(t.handler),
                    t.type == null ? 1 : 0};
                isHead.set(handlers[i][2]);
            }
            for (int i = 0; i < insns.length; i++) {
                AbstractInsnNode n = insns[i];
                if (n instanceof JumpInsnNode j) {
                    isHead.set(list.indexOf(j.label));
                    if (i + 1 < insns.length) {
                        isHead.set(i + 1);
                    }
                } else if (n instanceof TableSwitchInsnNode s) {
                    isHead.set(list.indexOf(s.dflt));
                    s.labels.forEach(l -> isHead.set(list.indexOf(l)));
                } else if (n instanceof LookupSwitchInsnNode s) {
                    isHead.set(list.indexOf(s.dflt));
                    s.labels.forEach(l -> isHead.set(list.indexOf(l)));
                } else if (endsFlow(n.getOpcode()) && i + 1 < insns.length) {
                    isHead.set(i + 1);
                }
            }
            blockOf = new int[insns.length];
            Arrays.fill(blockOf, -1);
            heads = new int[isHead.cardinality()];
            int b = 0;
            for (int i = isHead.nextSetBit(0); i >= 0; i = isHead.nextSetBit(i + 1)) {
                blockOf[i] = b;
                heads[b++] = i;
            }
            entry = new int[heads.length][];
            entryTop = new int[heads.length];
            cells = new int[Math.max(0, maxLocals) + Math.max(0, maxStack)];
        }

        Violation run() {
            try {
                if (maxLocals < 0 || maxStack < 0) {
                    throw new Broken(0, "negative max_locals or max_stack");
                }
                int args = Type.getArgumentsAndReturnSizes(m.desc) >> 2;
                if ((m.access & Opcodes.ACC_STATIC) != 0) {
                    args--;
                }
                if (args > maxLocals) {
                    throw new Broken(0, "max_locals " + maxLocals + " below the arguments' " + args);
                }
                boolean refvalConflict;
                do {
                    newInitVar = false;
                    refvalConflict = interpretAll();
                } while (newInitVar);
                if (refvalConflict && !hasJsr) {
                    return violation(conflictAt, "a local loaded as a reference may hold a value or a return address"
                        + " (local " + conflictLocal + "): the JVM would have to rewrite the method");
                }
                return null;
            } catch (Broken e) {
                return violation(e.at, e.getMessage());
            }
        }

        private Violation violation(int at, String rule) {
            return new Violation(m.name, m.desc, at, rule);
        }

        private int conflictAt = -1;
        private int conflictLocal = -1;

        /** One round over all blocks to a fixed point; true if a reference load met a value or an address. */
        private boolean interpretAll() {
            Arrays.fill(entry, null);
            changed.clear();
            conflictAt = -1;
            int[] start = new int[cells.length];
            Arrays.fill(start, 0, maxLocals, UNINIT);
            int slot = 0;
            if ((m.access & Opcodes.ACC_STATIC) == 0) {
                start[slot++] = REF;
            }
            for (Type t : Type.getArgumentTypes(m.desc)) {
                int sort = t.getSort();
                if (sort == Type.OBJECT || sort == Type.ARRAY) {
                    start[slot++] = REF;
                } else {
                    start[slot++] = VAL;
                    if (t.getSize() == 2) {
                        start[slot++] = VAL;
                    }
                }
            }
            for (int v = initVars.nextSetBit(0); v >= 0; v = initVars.nextSetBit(v + 1)) {
                start[v] = REF;
            }
            System.arraycopy(start, 0, cells, 0, cells.length);
            top = 0;
            mergeInto(0, -1);
            for (int b = changed.nextSetBit(0); b >= 0; b = changed.nextSetBit(0)) {
                changed.clear(b);
                interpretBlock(b);
            }
            return conflictAt >= 0;
        }

        private void interpretBlock(int b) {
            System.arraycopy(entry[b], 0, cells, 0, cells.length);
            top = entryTop[b];
            int i = heads[b];
            while (true) {
                AbstractInsnNode n = insns[i];
                int op = n.getOpcode();
                if (op >= 0) {
                    exceptionEdges(i, op);
                    step(i, n, op);
                    if (!successors(i, n, op)) {
                        return;
                    }
                }
                if (i + 1 >= insns.length) {
                    throw new Broken(i, "code falls off its end");
                }
                if (blockOf[i + 1] >= 0) {
                    mergeInto(i + 1, i);
                    return;
                }
                i++;
            }
        }

        /** Merges the jumps' targets; false when the instruction does not fall through. */
        private boolean successors(int i, AbstractInsnNode n, int op) {
            InsnList list = m.instructions;
            if (n instanceof JumpInsnNode j) {
                mergeInto(list.indexOf(j.label), i);
                return op != Opcodes.GOTO && op != Opcodes.JSR;
            }
            if (n instanceof TableSwitchInsnNode s) {
                mergeInto(list.indexOf(s.dflt), i);
                for (LabelNode l : s.labels) {
                    mergeInto(list.indexOf(l), i);
                }
                return false;
            }
            if (n instanceof LookupSwitchInsnNode s) {
                mergeInto(list.indexOf(s.dflt), i);
                for (LabelNode l : s.labels) {
                    mergeInto(list.indexOf(l), i);
                }
                return false;
            }
            if (op == Opcodes.RET) {
                int target = info(cells[((VarInsnNode) n).var]) - 1;
                for (int k = 0; k < insns.length; k++) {
                    if (insns[k] instanceof JumpInsnNode j && j.getOpcode() == Opcodes.JSR
                        && list.indexOf(j.label) == target && reached(k) && k + 1 < insns.length) {
                        mergeInto(k + 1, i);
                    }
                }
                return false;
            }
            return !endsFlow(op);
        }

        private boolean reached(int insn) {
            for (int k = insn; k >= 0; k--) {
                if (blockOf[k] >= 0) {
                    return entry[blockOf[k]] != null;
                }
            }
            return false;
        }

        private void exceptionEdges(int i, int op) {
            if (handlers.length == 0 || !canTrap(op)) {
                return;
            }
            boolean exits = op >= Opcodes.IRETURN && op <= Opcodes.RETURN || op == Opcodes.MONITOREXIT;
            if (exits && !hasMonitors) {
                return;   // HotSpot takes these edges only with a monitor held (or lost track of)
            }
            for (int[] h : handlers) {
                if (h[0] <= i && i < h[1]) {
                    int savedTop = top;
                    int saved0 = maxStack > 0 ? cells[maxLocals] : 0;
                    if (maxStack == 0) {
                        throw new Broken(i, "a handler's exception exceeds max_stack 0");
                    }
                    cells[maxLocals] = REF;
                    top = 1;
                    mergeInto(h[2], i);
                    cells[maxLocals] = saved0;
                    top = savedTop;
                    if (h[3] == 1) {
                        return;
                    }
                }
            }
        }

        private void mergeInto(int insn, int from) {
            int b = blockOf[insn];
            if (b < 0) {
                throw new IllegalStateException("not a block head: " + insn);
            }
            int[] e = entry[b];
            if (e == null) {
                entry[b] = Arrays.copyOf(cells, cells.length);
                entryTop[b] = top;
                changed.set(b);
                return;
            }
            if (entryTop[b] != top) {
                throw new Broken(Math.max(from, 0), "stack height conflict at instruction " + insn + ": " + top
                    + " vs. " + entryTop[b]);
            }
            boolean change = false;
            int len = maxLocals + top;
            for (int k = 0; k < len; k++) {
                int merged = merge(cells[k], e[k]);
                if (merged != e[k]) {
                    e[k] = merged;
                    change = true;
                }
            }
            if (change) {
                changed.set(b);
            }
        }

        private static int merge(int a, int b) {
            if (a == b) {
                return a;
            }
            int kinds = (a | b) & KINDS;
            if ((kinds & ADDR) == 0) {
                return kinds;
            }
            int ia = a >>> 4;
            int ib = b >>> 4;
            return kinds | (ia == ib ? ia : ADDR_CONFLICT) << 4;
        }

        private static int info(int cell) {
            return cell >>> 4;
        }

        private void push(int at, int cell) {
            if (top >= maxStack) {
                throw new Broken(at, "stack overflow: max_stack " + maxStack + " is too small");
            }
            cells[maxLocals + top++] = cell;
        }

        private int pop(int at) {
            if (top <= 0) {
                throw new Broken(at, "stack underflow");
            }
            return cells[maxLocals + --top];
        }

        private void pop(int at, int kind) {
            int actual = pop(at) & KINDS;
            if (actual != kind) {
                throw new Broken(at, "wrong kind on the stack: " + kindName(actual) + " where " + kindName(kind)
                    + " is taken");
            }
        }

        private void pop(int at, int kind, int count) {
            for (int k = 0; k < count; k++) {
                pop(at, kind);
            }
        }

        private void push(int at, int kind, int count) {
            for (int k = 0; k < count; k++) {
                push(at, kind);
            }
        }

        private int local(int at, int index) {
            if (index < 0 || index >= maxLocals) {
                throw new Broken(at, "local " + index + " outside max_locals " + maxLocals);
            }
            return cells[index];
        }

        private void setLocal(int at, int index, int cell) {
            local(at, index);
            cells[index] = cell;
        }

        private void loadRef(int at, int index) {
            int cell = local(at, index);
            if ((cell & KINDS) != REF) {
                if ((cell & UNINIT) != 0) {
                    // a reference or nothing: HotSpot starts again with the local set to null at entry
                    if (!initVars.get(index)) {
                        initVars.set(index);
                        newInitVar = true;
                    }
                } else if (conflictAt < 0) {
                    conflictAt = at;
                    conflictLocal = index;
                }
            }
            push(at, REF);
        }

        private void step(int at, AbstractInsnNode n, int op) {
            switch (op) {
                case Opcodes.NOP, Opcodes.GOTO, Opcodes.IINC, Opcodes.RETURN, Opcodes.ATHROW -> {
                }
                case Opcodes.ACONST_NULL, Opcodes.NEW -> push(at, REF);
                case Opcodes.ICONST_M1, Opcodes.ICONST_0, Opcodes.ICONST_1, Opcodes.ICONST_2, Opcodes.ICONST_3,
                    Opcodes.ICONST_4, Opcodes.ICONST_5, Opcodes.FCONST_0, Opcodes.FCONST_1, Opcodes.FCONST_2,
                    Opcodes.BIPUSH, Opcodes.SIPUSH -> push(at, VAL);
                case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> push(at, VAL, 2);
                case Opcodes.LDC -> ldc(at, ((LdcInsnNode) n).cst);
                case Opcodes.ILOAD, Opcodes.FLOAD -> {
                    local(at, ((VarInsnNode) n).var);
                    push(at, VAL);
                }
                case Opcodes.LLOAD, Opcodes.DLOAD -> {
                    int v = ((VarInsnNode) n).var;
                    local(at, v);
                    local(at, v + 1);
                    push(at, VAL, 2);
                }
                case Opcodes.ALOAD -> loadRef(at, ((VarInsnNode) n).var);
                case Opcodes.IALOAD, Opcodes.FALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD -> {
                    pop(at, VAL);
                    pop(at, REF);
                    push(at, VAL);
                }
                case Opcodes.LALOAD, Opcodes.DALOAD -> {
                    pop(at, VAL);
                    pop(at, REF);
                    push(at, VAL, 2);
                }
                case Opcodes.AALOAD -> {
                    pop(at, VAL);
                    pop(at, REF);
                    push(at, REF);
                }
                case Opcodes.ISTORE, Opcodes.FSTORE -> {
                    pop(at, VAL);
                    setLocal(at, ((VarInsnNode) n).var, VAL);
                }
                case Opcodes.LSTORE, Opcodes.DSTORE -> {
                    int v = ((VarInsnNode) n).var;
                    pop(at, VAL, 2);
                    setLocal(at, v, VAL);
                    setLocal(at, v + 1, VAL);
                }
                case Opcodes.ASTORE -> {
                    int c = pop(at);
                    if ((c & KINDS) != REF && (c & KINDS) != ADDR) {
                        throw new Broken(at, "astore of " + kindName(c & KINDS));
                    }
                    setLocal(at, ((VarInsnNode) n).var, c);
                }
                case Opcodes.IASTORE, Opcodes.FASTORE, Opcodes.BASTORE, Opcodes.CASTORE, Opcodes.SASTORE -> {
                    pop(at, VAL, 2);
                    pop(at, REF);
                }
                case Opcodes.LASTORE, Opcodes.DASTORE -> {
                    pop(at, VAL, 3);
                    pop(at, REF);
                }
                case Opcodes.AASTORE -> {
                    pop(at, REF);
                    pop(at, VAL);
                    pop(at, REF);
                }
                case Opcodes.POP -> popAny(at, 1);
                case Opcodes.POP2 -> popAny(at, 2);
                case Opcodes.DUP -> dupSwap(at, 1, "11");
                case Opcodes.DUP_X1 -> dupSwap(at, 2, "121");
                case Opcodes.DUP_X2 -> dupSwap(at, 3, "1321");
                case Opcodes.DUP2 -> dupSwap(at, 2, "2121");
                case Opcodes.DUP2_X1 -> dupSwap(at, 3, "21321");
                case Opcodes.DUP2_X2 -> dupSwap(at, 4, "214321");
                case Opcodes.SWAP -> dupSwap(at, 2, "12");
                case Opcodes.IADD, Opcodes.FADD, Opcodes.ISUB, Opcodes.FSUB, Opcodes.IMUL, Opcodes.FMUL, Opcodes.IDIV,
                    Opcodes.FDIV, Opcodes.IREM, Opcodes.FREM, Opcodes.ISHL, Opcodes.ISHR, Opcodes.IUSHR, Opcodes.IAND,
                    Opcodes.IOR, Opcodes.IXOR, Opcodes.L2F, Opcodes.L2I, Opcodes.D2F, Opcodes.D2I, Opcodes.FCMPL,
                    Opcodes.FCMPG -> {
                    pop(at, VAL, 2);
                    push(at, VAL);
                }
                case Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB, Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV,
                    Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR -> {
                    pop(at, VAL, 4);
                    push(at, VAL, 2);
                }
                case Opcodes.INEG, Opcodes.FNEG, Opcodes.I2F, Opcodes.F2I, Opcodes.I2C, Opcodes.I2S, Opcodes.I2B -> {
                    pop(at, VAL);
                    push(at, VAL);
                }
                case Opcodes.LNEG, Opcodes.DNEG, Opcodes.L2D, Opcodes.D2L -> {
                    pop(at, VAL, 2);
                    push(at, VAL, 2);
                }
                case Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR -> {
                    pop(at, VAL, 3);
                    push(at, VAL, 2);
                }
                case Opcodes.I2L, Opcodes.I2D, Opcodes.F2L, Opcodes.F2D -> {
                    pop(at, VAL);
                    push(at, VAL, 2);
                }
                case Opcodes.LCMP, Opcodes.DCMPL, Opcodes.DCMPG -> {
                    pop(at, VAL, 4);
                    push(at, VAL);
                }
                case Opcodes.IFEQ, Opcodes.IFNE, Opcodes.IFLT, Opcodes.IFGE, Opcodes.IFGT, Opcodes.IFLE,
                    Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH, Opcodes.IRETURN, Opcodes.FRETURN -> pop(at, VAL);
                case Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE, Opcodes.IF_ICMPLT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT,
                    Opcodes.IF_ICMPLE, Opcodes.LRETURN, Opcodes.DRETURN -> pop(at, VAL, 2);
                case Opcodes.IF_ACMPEQ, Opcodes.IF_ACMPNE -> pop(at, REF, 2);
                case Opcodes.IFNULL, Opcodes.IFNONNULL, Opcodes.ARETURN, Opcodes.MONITORENTER, Opcodes.MONITOREXIT ->
                    pop(at, REF);
                case Opcodes.JSR -> push(at, ADDR | (m.instructions.indexOf(((JumpInsnNode) n).label) + 1) << 4);
                case Opcodes.RET -> {
                    int c = local(at, ((VarInsnNode) n).var);
                    if ((c & KINDS) != ADDR || info(c) == ADDR_CONFLICT) {
                        throw new Broken(at, "ret without one return address in its local");
                    }
                }
                case Opcodes.GETSTATIC, Opcodes.PUTSTATIC, Opcodes.GETFIELD, Opcodes.PUTFIELD -> field(at, n, op);
                case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL, Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE,
                    Opcodes.INVOKEDYNAMIC -> invoke(at, n, op);
                case Opcodes.NEWARRAY, Opcodes.ANEWARRAY -> {
                    pop(at, VAL);
                    push(at, REF);
                }
                case Opcodes.CHECKCAST -> {
                    pop(at, REF);
                    push(at, REF);
                }
                case Opcodes.ARRAYLENGTH, Opcodes.INSTANCEOF -> {
                    pop(at, REF);
                    push(at, VAL);
                }
                case Opcodes.MULTIANEWARRAY -> {
                    pop(at, VAL, ((MultiANewArrayInsnNode) n).dims);
                    push(at, REF);
                }
                default -> throw new Broken(at, "unknown opcode " + op);
            }
        }

        private void ldc(int at, Object cst) {
            if (cst instanceof Long || cst instanceof Double) {
                push(at, VAL, 2);
            } else if (cst instanceof Integer || cst instanceof Float) {
                push(at, VAL);
            } else if (cst instanceof ConstantDynamic c) {
                pushType(at, Type.getType(c.getDescriptor()));
            } else {
                push(at, REF);
            }
        }

        private void pushType(int at, Type t) {
            switch (t.getSort()) {
                case Type.VOID -> {
                }
                case Type.OBJECT, Type.ARRAY -> push(at, REF);
                default -> push(at, VAL, t.getSize());
            }
        }

        private void popType(int at, Type t) {
            switch (t.getSort()) {
                case Type.OBJECT, Type.ARRAY -> pop(at, REF);
                default -> pop(at, VAL, t.getSize());
            }
        }

        private void field(int at, AbstractInsnNode n, int op) {
            Type t = Type.getType(((FieldInsnNode) n).desc);
            if (op == Opcodes.PUTSTATIC || op == Opcodes.PUTFIELD) {
                popType(at, t);
            }
            if (op == Opcodes.GETFIELD || op == Opcodes.PUTFIELD) {
                pop(at, REF);
            }
            if (op == Opcodes.GETSTATIC || op == Opcodes.GETFIELD) {
                pushType(at, t);
            }
        }

        private void invoke(int at, AbstractInsnNode n, int op) {
            String desc = n instanceof MethodInsnNode mi ? mi.desc
                : ((org.objectweb.asm.tree.InvokeDynamicInsnNode) n).desc;
            Type[] args = Type.getArgumentTypes(desc);
            for (int k = args.length - 1; k >= 0; k--) {
                popType(at, args[k]);
            }
            if (op != Opcodes.INVOKESTATIC && op != Opcodes.INVOKEDYNAMIC) {
                pop(at, REF);
            }
            pushType(at, Type.getReturnType(desc));
        }

        private void popAny(int at, int count) {
            if (top < count) {
                throw new Broken(at, "stack underflow");
            }
            top -= count;
        }

        private void dupSwap(int at, int popped, String pushed) {
            int[] actual = new int[popped];
            for (int k = 0; k < popped; k++) {
                actual[k] = pop(at);
            }
            for (int k = 0; k < pushed.length(); k++) {
                push(at, actual[pushed.charAt(k) - '1']);
            }
        }
    }

    /** Ends the flow of its block: nothing falls through it. */
    private static boolean endsFlow(int op) {
        return op == Opcodes.GOTO || op == Opcodes.JSR || op == Opcodes.RET || op == Opcodes.ATHROW
            || op == Opcodes.TABLESWITCH || op == Opcodes.LOOKUPSWITCH
            || op >= Opcodes.IRETURN && op <= Opcodes.RETURN;
    }

    /** HotSpot's {@code Bytecodes::can_trap}, but for {@code aload_0}, which the oop-map generator exempts. */
    private static boolean canTrap(int op) {
        switch (op) {
            case Opcodes.LDC, Opcodes.IALOAD, Opcodes.LALOAD, Opcodes.FALOAD, Opcodes.DALOAD, Opcodes.AALOAD,
                Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD, Opcodes.IASTORE, Opcodes.LASTORE, Opcodes.FASTORE,
                Opcodes.DASTORE, Opcodes.AASTORE, Opcodes.BASTORE, Opcodes.CASTORE, Opcodes.SASTORE, Opcodes.IDIV,
                Opcodes.LDIV, Opcodes.IREM, Opcodes.LREM, Opcodes.IRETURN, Opcodes.LRETURN, Opcodes.FRETURN,
                Opcodes.DRETURN, Opcodes.ARETURN, Opcodes.RETURN, Opcodes.GETSTATIC, Opcodes.PUTSTATIC,
                Opcodes.GETFIELD, Opcodes.PUTFIELD, Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL,
                Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE, Opcodes.INVOKEDYNAMIC, Opcodes.NEW, Opcodes.NEWARRAY,
                Opcodes.ANEWARRAY, Opcodes.ARRAYLENGTH, Opcodes.ATHROW, Opcodes.CHECKCAST, Opcodes.INSTANCEOF,
                Opcodes.MONITORENTER, Opcodes.MONITOREXIT, Opcodes.MULTIANEWARRAY:
                return true;
            default:
                return false;
        }
    }

    private static String kindName(int kinds) {
        return switch (kinds) {
            case REF -> "a reference";
            case VAL -> "a value";
            case ADDR -> "a return address";
            case UNINIT -> "nothing";
            default -> "a conflict of kinds " + kinds;
        };
    }
}
