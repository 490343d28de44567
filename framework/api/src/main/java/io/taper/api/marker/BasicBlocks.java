package io.taper.api.marker;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The basic blocks of a method, in one linear pass (no data-flow analysis needed): a block starts at the
 * first instruction, at every jump/switch target and handler start, and after every instruction that
 * transfers control; the precise variant also ends a block after every instruction that may throw.
 * Blocks hold at least one instruction; labels, frames and line numbers belong to the block of the next
 * instruction.
 */
public final class BasicBlocks {

    private final AbstractInsnNode[] insns;
    private final int[] blockOf;     // per node index of the method's instruction list
    private final int[] firstIndex;  // per block: index of its first instruction
    private final int[] lastIndex;   // per block: index of its last instruction
    private final int[] size;        // per block: number of instructions
    private final int count;

    private BasicBlocks(AbstractInsnNode[] insns, int[] blockOf, int[] firstIndex, int[] lastIndex, int[] size,
                        int count) {
        this.insns = insns;
        this.blockOf = blockOf;
        this.firstIndex = firstIndex;
        this.lastIndex = lastIndex;
        this.size = size;
        this.count = count;
    }

    public static BasicBlocks of(MethodNode method, boolean precise) {
        InsnList list = method.instructions;
        AbstractInsnNode[] insns = list.toArray();
        Set<LabelNode> targets = entered(method);
        int n = insns.length;
        int[] blockOf = new int[n];
        int[] first = new int[Math.max(4, n / 4)];
        int[] last = new int[first.length];
        int[] size = new int[first.length];
        int block = -1;
        boolean startNew = true;
        for (int i = 0; i < n; i++) {
            AbstractInsnNode node = insns[i];
            int op = node.getOpcode();
            if (op < 0) {
                if (node instanceof LabelNode && targets.contains(node)) {
                    startNew = true;
                }
                blockOf[i] = -1;
                continue;
            }
            if (startNew) {
                block++;
                if (block == first.length) {
                    int grown = first.length * 2;
                    first = java.util.Arrays.copyOf(first, grown);
                    last = java.util.Arrays.copyOf(last, grown);
                    size = java.util.Arrays.copyOf(size, grown);
                }
                first[block] = i;
                startNew = false;
            }
            blockOf[i] = block;
            last[block] = i;
            size[block]++;
            if (Instructions.transfersControl(op) || (precise && Instructions.mayThrow(node))) {
                startNew = true;
            }
        }
        // pseudo nodes belong to the block of the next instruction (trailing ones to the last block)
        int next = block;
        for (int i = n - 1; i >= 0; i--) {
            if (blockOf[i] < 0) {
                blockOf[i] = next;
            } else {
                next = blockOf[i];
            }
        }
        return new BasicBlocks(insns, blockOf, first, last, size, block + 1);
    }

    /**
     * The labels that control enters other than by falling through: jump and switch targets ({@code jsr}'s
     * included) and exception handler starts. Code between two of them, with no such label inside, is entered at
     * its top only.
     */
    public static Set<LabelNode> entered(MethodNode method) {
        Set<LabelNode> targets = new HashSet<>();
        for (AbstractInsnNode node = method.instructions.getFirst(); node != null; node = node.getNext()) {
            if (node instanceof JumpInsnNode jump) {
                targets.add(jump.label);
            } else if (node instanceof TableSwitchInsnNode s) {
                targets.add(s.dflt);
                targets.addAll(s.labels);
            } else if (node instanceof LookupSwitchInsnNode s) {
                targets.add(s.dflt);
                targets.addAll(s.labels);
            }
        }
        if (method.tryCatchBlocks != null) {
            for (TryCatchBlockNode t : method.tryCatchBlocks) {
                targets.add(t.handler);
            }
        }
        return targets;
    }

    public int count() {
        return count;
    }

    /** First instruction of block {@code b}. */
    public AbstractInsnNode first(int b) {
        return insns[firstIndex[b]];
    }

    /** Last instruction of block {@code b}. */
    public AbstractInsnNode last(int b) {
        return insns[lastIndex[b]];
    }

    /** Number of instructions in block {@code b}. */
    public int size(int b) {
        return size[b];
    }

    /** The block holding the node at this index of the method's instruction list (-1 if none). */
    public int blockAt(int nodeIndex) {
        return nodeIndex >= 0 && nodeIndex < blockOf.length ? blockOf[nodeIndex] : -1;
    }
}
