package io.taper.api.marker;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Instruction classification shared by the markers and the weaver. */
public final class Instructions {

    private Instructions() {
    }

    /** True for real instructions (not labels, frames or line numbers). */
    public static boolean isInstruction(AbstractInsnNode node) {
        return node.getOpcode() >= 0;
    }

    /** {@code node} if it is an instruction, else the next instruction after it (null if none). */
    public static AbstractInsnNode firstInstruction(AbstractInsnNode node) {
        AbstractInsnNode n = node;
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }

    /** The last instruction of the method (null if it has none). */
    public static AbstractInsnNode lastInstruction(MethodNode method) {
        AbstractInsnNode n = method.instructions.getLast();
        while (n != null && n.getOpcode() < 0) {
            n = n.getPrevious();
        }
        return n;
    }

    /** Jumps, switches, returns, {@code athrow}, {@code jsr}/{@code ret}: control does not simply fall through. */
    public static boolean transfersControl(int opcode) {
        return (opcode >= Opcodes.IFEQ && opcode <= Opcodes.RETURN)
            || opcode == Opcodes.ATHROW || opcode == Opcodes.IFNULL || opcode == Opcodes.IFNONNULL;
    }

    public static boolean isReturn(int opcode) {
        return opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN;
    }

    /** Instructions that may throw (besides asynchronous errors): ends precise basic blocks. */
    public static boolean mayThrow(AbstractInsnNode node) {
        int op = node.getOpcode();
        switch (op) {
            case Opcodes.IALOAD: case Opcodes.LALOAD: case Opcodes.FALOAD: case Opcodes.DALOAD:
            case Opcodes.AALOAD: case Opcodes.BALOAD: case Opcodes.CALOAD: case Opcodes.SALOAD:
            case Opcodes.IASTORE: case Opcodes.LASTORE: case Opcodes.FASTORE: case Opcodes.DASTORE:
            case Opcodes.AASTORE: case Opcodes.BASTORE: case Opcodes.CASTORE: case Opcodes.SASTORE:
            case Opcodes.IDIV: case Opcodes.LDIV: case Opcodes.IREM: case Opcodes.LREM:
            case Opcodes.GETSTATIC: case Opcodes.PUTSTATIC: case Opcodes.GETFIELD: case Opcodes.PUTFIELD:
            case Opcodes.INVOKEVIRTUAL: case Opcodes.INVOKESPECIAL: case Opcodes.INVOKESTATIC:
            case Opcodes.INVOKEINTERFACE: case Opcodes.INVOKEDYNAMIC:
            case Opcodes.NEW: case Opcodes.NEWARRAY: case Opcodes.ANEWARRAY: case Opcodes.MULTIANEWARRAY:
            case Opcodes.ARRAYLENGTH: case Opcodes.ATHROW: case Opcodes.CHECKCAST:
            case Opcodes.MONITORENTER: case Opcodes.MONITOREXIT:
                return true;
            case Opcodes.LDC: {
                // class, method-type, handle and dynamic constants resolve lazily and may fail
                Object c = ((LdcInsnNode) node).cst;
                return c instanceof Type || c instanceof ConstantDynamic
                    || c instanceof org.objectweb.asm.Handle;
            }
            default:
                return false;
        }
    }
}
