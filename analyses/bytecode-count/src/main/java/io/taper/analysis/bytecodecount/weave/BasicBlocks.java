package io.taper.analysis.bytecodecount.weave;

import io.taper.analysis.bytecodecount.ClassLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * A method's basic blocks, as the block analysis of the bytecode-metrics papers cuts them: a block starts at the
 * method's first instruction, at every jump, switch or handler target, and after every instruction that ends one
 * (jumps, switches, returns, {@code athrow}); with {@code precise}, also after every instruction that may throw, so a
 * block left by an exception has run all of its instructions.
 *
 * @param leaders       each block's first instruction
 * @param lasts         each block's last instruction
 * @param lengths       instructions per block
 * @param kinds         per block, instructions per kind
 * @param mayThrow      per block, whether an instruction of it may throw ({@code instanceof} too: it may fail to link)
 * @param blockOfLabel  the block each label marks (of the next instruction)
 * @param subroutines   whether the method has {@code jsr} or {@code ret}
 * @param entryIsTarget whether something jumps to the first block (then it does not count invocations)
 */
record BasicBlocks(List<AbstractInsnNode> leaders, List<AbstractInsnNode> lasts, int[] lengths, int[][] kinds,
                   boolean[] mayThrow, Map<LabelNode, Integer> blockOfLabel, boolean subroutines,
                   boolean entryIsTarget) {

    /** Where blocks end besides jumps, switches, returns and throws. */
    enum Cut {
        /** Nowhere else: the papers' blocks. */
        BLOCKS,
        /** Also after every instruction that may throw. */
        PRECISE,
        /** After every instruction: a counter per instruction, the reference the tests compare blocks with. */
        EVERY_INSTRUCTION
    }

    static BasicBlocks of(MethodNode m, Cut cut) {
        Set<LabelNode> targets = io.taper.api.marker.BasicBlocks.entered(m);
        List<AbstractInsnNode> leaders = new ArrayList<>();
        List<AbstractInsnNode> lasts = new ArrayList<>();
        List<Boolean> throwing = new ArrayList<>();
        Map<LabelNode, Integer> blockOfLabel = new HashMap<>();
        List<LabelNode> pending = new ArrayList<>();
        boolean subroutines = false;
        List<int[]> kinds = new ArrayList<>();
        boolean startNext = true;
        boolean targetSeen = false;
        boolean entryIsTarget = false;
        int[] current = null;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LabelNode l) {
                pending.add(l);
                if (targets.contains(l)) {
                    startNext = true;
                    targetSeen = true;
                }
            }
            int op = n.getOpcode();
            if (op < 0) {
                continue;
            }
            if (startNext) {
                if (leaders.isEmpty()) {
                    entryIsTarget = targetSeen;
                }
                leaders.add(n);
                lasts.add(n);
                throwing.add(false);
                current = new int[ClassLayout.KINDS];
                kinds.add(current);
                startNext = false;
                targetSeen = false;
            }
            int block = leaders.size() - 1;
            for (LabelNode l : pending) {
                blockOfLabel.put(l, block);
            }
            pending.clear();
            lasts.set(block, n);
            if (InstructionKinds.mayThrow(op) || op == Opcodes.INSTANCEOF) {
                throwing.set(block, true);
            }
            subroutines |= op == Opcodes.JSR || op == Opcodes.RET;
            current[InstructionKinds.kind(op)]++;
            startNext = cut == Cut.EVERY_INSTRUCTION || InstructionKinds.endsBlock(op)
                || cut == Cut.PRECISE && InstructionKinds.mayThrow(op);
        }
        int[] lengths = new int[leaders.size()];
        for (int b = 0; b < lengths.length; b++) {
            for (int k : kinds.get(b)) {
                lengths[b] += k;
            }
        }
        boolean[] mayThrow = new boolean[leaders.size()];
        for (int b = 0; b < mayThrow.length; b++) {
            mayThrow[b] = throwing.get(b);
        }
        return new BasicBlocks(List.copyOf(leaders), List.copyOf(lasts), lengths, kinds.toArray(new int[0][]), mayThrow,
            blockOfLabel, subroutines, entryIsTarget);
    }

    int size() {
        return lengths.length;
    }
}
