package io.taper.weaver.internal;

import io.taper.api.marker.Instructions;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;

/**
 * Frames name an uninitialised object by the label of its {@code new} instruction. Code inserted before
 * a {@code new} that follows a label (e.g. a basic-block start) moves that label away from the
 * {@code new}; this re-points such frame entries to a fresh label placed right before the {@code new}.
 */
final class UninitializedLabels {

    private final Map<LabelNode, AbstractInsnNode> newByLabel = new IdentityHashMap<>();

    /** Records the labels frames use for uninitialised objects (before any insertion). */
    UninitializedLabels(InsnList list) {
        for (AbstractInsnNode n = list.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof FrameNode f) {
                collect(f.local);
                collect(f.stack);
            }
        }
    }

    private void collect(List<Object> types) {
        if (types == null) {
            return;
        }
        for (Object t : types) {
            if (t instanceof LabelNode l && !newByLabel.containsKey(l)) {
                AbstractInsnNode insn = Instructions.firstInstruction(l);
                if (insn != null && insn.getOpcode() == Opcodes.NEW) {
                    newByLabel.put(l, insn);
                }
            }
        }
    }

    /** After insertion: re-points frame entries whose label no longer reaches its {@code new}. */
    void fix(InsnList list) {
        if (newByLabel.isEmpty()) {
            return;
        }
        Map<LabelNode, LabelNode> moved = new IdentityHashMap<>();
        Map<AbstractInsnNode, LabelNode> fresh = new IdentityHashMap<>();
        for (Map.Entry<LabelNode, AbstractInsnNode> e : newByLabel.entrySet()) {
            AbstractInsnNode newInsn = e.getValue();
            if (Instructions.firstInstruction(e.getKey()) != newInsn) {
                LabelNode l = fresh.get(newInsn);
                if (l == null) {
                    l = new LabelNode();
                    list.insertBefore(newInsn, l);
                    fresh.put(newInsn, l);
                }
                moved.put(e.getKey(), l);
            }
        }
        if (moved.isEmpty()) {
            return;
        }
        for (AbstractInsnNode n = list.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof FrameNode f) {
                replace(f.local, moved);
                replace(f.stack, moved);
            }
        }
    }

    private static void replace(List<Object> types, Map<LabelNode, LabelNode> moved) {
        if (types == null) {
            return;
        }
        for (int i = 0; i < types.size(); i++) {
            LabelNode to = moved.get(types.get(i));
            if (to != null) {
                types.set(i, to);
            }
        }
    }
}
