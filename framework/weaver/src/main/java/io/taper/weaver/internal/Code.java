package io.taper.weaver.internal;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/** Small bytecode emitters shared by the placements. */
final class Code {

    private Code() {
    }

    static void pushInt(InsnList code, int v) {
        if (v >= -1 && v <= 5) {
            code.add(new InsnNode(Opcodes.ICONST_0 + v));
        } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
            code.add(new IntInsnNode(Opcodes.BIPUSH, v));
        } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
            code.add(new IntInsnNode(Opcodes.SIPUSH, v));
        } else {
            code.add(new LdcInsnNode(v));
        }
    }

    /**
     * Pushes a site id, always as an {@code ldc} of its own {@code CONSTANT_Integer}: the constant pool entry is
     * then the only place the id lives, whatever its value, so a cached weave is moved to other ids by rewriting
     * those entries ({@link SiteIdConstants}) and comes out byte for byte as a fresh weave with those ids.
     */
    static void pushSiteId(InsnList code, int siteId) {
        code.add(new LdcInsnNode(siteId));
    }

    /** Pushes a static-context value of the key's type. */
    static void pushConstant(InsnList code, Object value) {
        if (value instanceof Integer i) {
            pushInt(code, i);
        } else if (value instanceof Boolean b) {
            code.add(new InsnNode(b ? Opcodes.ICONST_1 : Opcodes.ICONST_0));
        } else {
            code.add(new LdcInsnNode(String.valueOf(value)));
        }
    }

    /** Pushes the default value (0, 0L, 0f, 0d, false, null) of a type. */
    static void pushDefault(InsnList code, Type t) {
        switch (t.getSort()) {
            case Type.LONG -> code.add(new InsnNode(Opcodes.LCONST_0));
            case Type.FLOAT -> code.add(new InsnNode(Opcodes.FCONST_0));
            case Type.DOUBLE -> code.add(new InsnNode(Opcodes.DCONST_0));
            case Type.OBJECT, Type.ARRAY -> code.add(new InsnNode(Opcodes.ACONST_NULL));
            default -> code.add(new InsnNode(Opcodes.ICONST_0));
        }
    }

    /** The value kind ({@link TypeStates}) a parameter or local of this type holds. */
    static char kind(Type t) {
        return switch (t.getSort()) {
            case Type.LONG -> TypeStates.LONG;
            case Type.FLOAT -> TypeStates.FLOAT;
            case Type.DOUBLE -> TypeStates.DOUBLE;
            case Type.OBJECT, Type.ARRAY -> TypeStates.REF;
            default -> TypeStates.INT;
        };
    }

    static int size(char kind) {
        return kind == TypeStates.LONG || kind == TypeStates.DOUBLE ? 2 : 1;
    }

    static VarInsnNode load(char kind, int slot) {
        return new VarInsnNode(switch (kind) {
            case TypeStates.INT -> Opcodes.ILOAD;
            case TypeStates.FLOAT -> Opcodes.FLOAD;
            case TypeStates.LONG -> Opcodes.LLOAD;
            case TypeStates.DOUBLE -> Opcodes.DLOAD;
            default -> Opcodes.ALOAD;
        }, slot);
    }

    static VarInsnNode store(char kind, int slot) {
        return new VarInsnNode(switch (kind) {
            case TypeStates.INT -> Opcodes.ISTORE;
            case TypeStates.FLOAT -> Opcodes.FSTORE;
            case TypeStates.LONG -> Opcodes.LSTORE;
            case TypeStates.DOUBLE -> Opcodes.DSTORE;
            default -> Opcodes.ASTORE;
        }, slot);
    }

    /** The type as a frame element: INTEGER, FLOAT, LONG, DOUBLE or an internal name. */
    static Object frameType(Type t) {
        return switch (t.getSort()) {
            case Type.LONG -> Opcodes.LONG;
            case Type.FLOAT -> Opcodes.FLOAT;
            case Type.DOUBLE -> Opcodes.DOUBLE;
            case Type.OBJECT, Type.ARRAY -> t.getInternalName();
            default -> Opcodes.INTEGER;
        };
    }

    /** Kind of the value an xRETURN instruction returns ({@link TypeStates#UNKNOWN} for RETURN). */
    static char returnKind(int opcode) {
        return switch (opcode) {
            case Opcodes.IRETURN -> TypeStates.INT;
            case Opcodes.LRETURN -> TypeStates.LONG;
            case Opcodes.FRETURN -> TypeStates.FLOAT;
            case Opcodes.DRETURN -> TypeStates.DOUBLE;
            case Opcodes.ARETURN -> TypeStates.REF;
            default -> TypeStates.UNKNOWN;
        };
    }

    /** No fall-through to the next instruction. */
    static boolean unconditional(int opcode) {
        return opcode == Opcodes.GOTO || opcode == Opcodes.RET || opcode == Opcodes.TABLESWITCH
            || opcode == Opcodes.LOOKUPSWITCH || opcode == Opcodes.ATHROW
            || (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN);
    }
}
