package io.taper.api.marker;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.AnalyzerAdapter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Finds the call that initialises {@code this} in a constructor. */
public final class Constructors {

    private Constructors() {
    }

    /**
     * The {@code invokespecial <init>} whose receiver is the uninitialised {@code this} (the
     * {@code super(...)} or {@code this(...)} call), found by simulating the operand stack with ASM's
     * {@link AnalyzerAdapter} (no class loading) up to that call; null if the method is not a
     * constructor, is {@code java/lang/Object}'s, or the call cannot be found (e.g. no frames in a class
     * older than version 50 hide the types after a jump).
     */
    public static MethodInsnNode initCall(ClassNode owner, MethodNode method) {
        if (!"<init>".equals(method.name) || "java/lang/Object".equals(owner.name)) {
            return null;
        }
        AnalyzerAdapter types = new AnalyzerAdapter(owner.name, method.access, method.name, method.desc, null);
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.INVOKESPECIAL && types.stack != null) {
                MethodInsnNode call = (MethodInsnNode) n;
                if ("<init>".equals(call.name)) {
                    int argSlots = (Type.getArgumentsAndReturnSizes(call.desc) >> 2) - 1;
                    int receiver = types.stack.size() - argSlots - 1;
                    if (receiver >= 0 && types.stack.get(receiver) == Opcodes.UNINITIALIZED_THIS) {
                        return call;
                    }
                }
            }
            n.accept(types);
        }
        return null;
    }
}
