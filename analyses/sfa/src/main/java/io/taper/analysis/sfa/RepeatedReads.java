package io.taper.analysis.sfa;

import io.taper.api.marker.BasicBlocks;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * {@code getfield} instructions that can record nothing: the same field of the object in the same local
 * variable was read earlier on every path to them. A read's only effect is the object's "read" mark and the
 * field's accessed bit, both set for good by the earlier read, whatever runs in between (a write in between
 * is an event of its own, and no mark is ever cleared).
 *
 * <p>"Every path" is kept simple and exact: the earlier read is in the same stretch of code that no jump, switch
 * or exception handler enters ({@code x.f + x.f}, {@code this.a = this.b * this.b}, accessor chains), and no
 * store to the local lies between them. A read at a jump target, a loop's included, keeps its site. Methods
 * with {@code jsr} (class files before Java 6) are left alone.
 */
final class RepeatedReads {

    private RepeatedReads() {
    }

    static Set<AbstractInsnNode> of(MethodNode method) {
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.JSR || n.getOpcode() == Opcodes.RET) {
                return Set.of();
            }
        }
        Set<LabelNode> entered = BasicBlocks.entered(method);
        Set<AbstractInsnNode> repeated = new HashSet<>();
        Map<Integer, Set<String>> readFrom = new HashMap<>();   // local -> owner.name:desc read from its object
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LabelNode && entered.contains(n)) {
                readFrom.clear();
            } else if (n instanceof VarInsnNode v && isStore(v.getOpcode())) {
                readFrom.remove(v.var);
            } else if (n.getOpcode() == Opcodes.GETFIELD) {
                AbstractInsnNode load = n.getPrevious();
                if (load instanceof VarInsnNode v && load.getOpcode() == Opcodes.ALOAD) {
                    FieldInsnNode f = (FieldInsnNode) n;
                    if (!readFrom.computeIfAbsent(v.var, k -> new HashSet<>()).add(f.owner + '.' + f.name + ':' + f.desc)) {
                        repeated.add(n);
                    }
                }
            }
        }
        return repeated;
    }

    private static boolean isStore(int opcode) {
        return opcode >= Opcodes.ISTORE && opcode <= Opcodes.ASTORE;
    }
}
