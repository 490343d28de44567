package io.taper.analysis.bytecodecount.weave;

import org.objectweb.asm.Opcodes;

/** What an opcode is for the counts: its kind (the order of {@code ResultKeys.BytecodeRow.KINDS}), whether it ends a
 * basic block, and whether it may throw (where {@code precise} also ends one). */
final class InstructionKinds {

    static final int LOAD = 0;
    static final int STORE = 1;
    static final int ARRAY = 2;
    static final int FIELD = 3;
    static final int INVOKE = 4;
    static final int ALLOC = 5;
    static final int BRANCH = 6;
    static final int OTHER = 7;

    private InstructionKinds() {
    }

    static int kind(int op) {
        if (op >= Opcodes.ILOAD && op <= Opcodes.ALOAD) {
            return LOAD;
        }
        if (op >= Opcodes.ISTORE && op <= Opcodes.ASTORE || op == Opcodes.IINC) {
            return STORE;
        }
        if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD || op >= Opcodes.IASTORE && op <= Opcodes.SASTORE
            || op == Opcodes.ARRAYLENGTH) {
            return ARRAY;
        }
        if (op >= Opcodes.GETSTATIC && op <= Opcodes.PUTFIELD) {
            return FIELD;
        }
        if (op >= Opcodes.INVOKEVIRTUAL && op <= Opcodes.INVOKEDYNAMIC) {
            return INVOKE;
        }
        if (op == Opcodes.NEW || op == Opcodes.NEWARRAY || op == Opcodes.ANEWARRAY || op == Opcodes.MULTIANEWARRAY) {
            return ALLOC;
        }
        if (op >= Opcodes.IFEQ && op <= Opcodes.LOOKUPSWITCH || op == Opcodes.IFNULL || op == Opcodes.IFNONNULL) {
            return BRANCH;
        }
        return OTHER;
    }

    /** Control does not fall through to the next instruction, or may go elsewhere: the block ends here. */
    static boolean endsBlock(int op) {
        return op >= Opcodes.IFEQ && op <= Opcodes.RETURN || op == Opcodes.IFNULL || op == Opcodes.IFNONNULL
            || op == Opcodes.ATHROW;
    }

    /**
     * May throw an exception (besides the JVM's asynchronous ones: stack overflow, out of memory at any
     * allocation-free instruction): array and field accesses, invocations, allocations, checks, integer division,
     * monitors, and {@code athrow}.
     */
    static boolean mayThrow(int op) {
        int k = kind(op);
        return k == ARRAY || k == FIELD || k == INVOKE || k == ALLOC || op == Opcodes.ATHROW
            || op == Opcodes.CHECKCAST || op == Opcodes.IDIV || op == Opcodes.LDIV || op == Opcodes.IREM
            || op == Opcodes.LREM || op == Opcodes.MONITORENTER || op == Opcodes.MONITOREXIT || op == Opcodes.LDC;
    }
}
