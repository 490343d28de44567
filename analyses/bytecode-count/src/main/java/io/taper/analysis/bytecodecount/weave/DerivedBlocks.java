package io.taper.analysis.bytecodecount.weave;

import io.taper.analysis.bytecodecount.ClassLayout;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The blocks whose counts follow exactly from other blocks' by the flow of control, so that the weave need not count
 * them (every increment is a load, an add and a store on the hot path; a loop's condition and its body, or an
 * {@code if}'s arms and their join, need one between them). A block leaves by its jump or fall-through every time it
 * is entered, but for the times an exception leaves it: a block that cannot throw (no instruction of it may,
 * {@link InstructionKinds#mayThrow}, nor {@code instanceof}, which may fail to link) never does, and one whose exits
 * are counted ({@link CounterInsertion}: the weave notes the block that runs, and every handler and a handler around
 * the whole method count an exit of that block) has its exits as a counter of its own, index {@code blocks + b} in a
 * derivation. Two rules, each applied in block order, with exits counted the join first (a loop's condition then
 * follows from its entry and its body, and the loop's exit from the condition by the split), else the split:
 * <ul>
 *   <li><b>join</b>: a block runs as often as its predecessors together, less their exits, when each of them goes
 *   nowhere else or only to blocks that it alone enters, which it then runs less often by (an {@code if} without an
 *   {@code else}: its join runs as often as the condition, less what left it by exceptions);</li>
 *   <li><b>split</b>: a block whose successors are entered from it only (no other jump, no handler) runs as often as
 *   its successors together, plus its exits: it (or, if it must stay counted, one successor) is derived.</li>
 * </ul>
 * A block that may throw and whose exits are not counted takes part in neither. A derived block is never read by a
 * derivation made before it, so the derivations are worked out in the order made. The method's first block, when it
 * counts invocations, and handler starts stay counted. Methods with {@code jsr}/{@code ret} get none.
 */
final class DerivedBlocks {

    /** Blocks past which a method is left counted in full (the rules look at every block's edges). */
    static final int MAX_BLOCKS = 4096;

    private DerivedBlocks() {
    }

    /**
     * The derivations of a method's blocks, in the order they are worked out.
     *
     * @param exitsCounted per block, whether its exits are counted (index {@code blocks + b}); null for none
     */
    static List<ClassLayout.Derivation> of(MethodNode m, BasicBlocks blocks, boolean[] exitsCounted) {
        int n = blocks.size();
        if (n < 2 || n > MAX_BLOCKS) {
            return List.of();
        }
        if (blocks.subroutines()) {
            return List.of();
        }
        boolean[] mayThrow = blocks.mayThrow();
        Map<LabelNode, Integer> blockOfLabel = blocks.blockOfLabel();
        boolean[] special = new boolean[n];   // entered other than from its predecessors here
        special[0] = true;
        Set<Integer> handlers = new LinkedHashSet<>();
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            Integer h = blockOfLabel.get(t.handler);
            if (h == null) {
                return List.of();
            }
            special[h] = true;
            handlers.add(h);
        }
        List<Set<Integer>> succ = new ArrayList<>();
        List<Set<Integer>> pred = new ArrayList<>();
        for (int b = 0; b < n; b++) {
            pred.add(new LinkedHashSet<>());
        }
        for (int b = 0; b < n; b++) {
            Set<Integer> s = successors(blocks.lasts().get(b), b, n, blockOfLabel);
            if (s == null) {
                return List.of();
            }
            succ.add(s);
            for (int t : s) {
                pred.get(t).add(b);
            }
        }
        // a handler start entered by a jump too would count that entry as an exit: no exits counted then
        boolean handlersEnteredOnlyByThrows = true;
        for (int h : handlers) {
            handlersEnteredOnlyByThrows &= h != 0 && pred.get(h).isEmpty();
        }
        boolean[] opaque = new boolean[n];   // may throw, its exits not counted: its entries do not follow its flow
        boolean[] exits = new boolean[n];    // may throw, its exits counted: they take part in its flow
        for (int b = 0; b < n; b++) {
            exits[b] = mayThrow[b] && exitsCounted != null && exitsCounted[b] && handlersEnteredOnlyByThrows;
            opaque[b] = mayThrow[b] && !exits[b];
        }
        boolean[] derived = new boolean[n];
        boolean[] read = new boolean[n];   // read by a derivation: stays as it is from then on
        List<ClassLayout.Derivation> out = new ArrayList<>();
        Runnable joinRule = () -> {
            for (int b = 0; b < n; b++) {
                if (special[b] || !free(b, derived, read) || pred.get(b).isEmpty() || pred.get(b).contains(b)) {
                    continue;
                }
                // each predecessor's edge to b: its count less its exits and less its other successors, each of
                // which it alone enters (an if without an else: the condition's edge past the arm is the condition
                // less the arm)
                boolean joins = true;
                List<Integer> plus = new ArrayList<>(pred.get(b));
                List<Integer> minus = new ArrayList<>();
                for (int q : pred.get(b)) {
                    joins &= !opaque[q];
                    if (exits[q]) {
                        minus.add(n + q);
                    }
                    for (int x : succ.get(q)) {
                        if (x != b) {
                            joins &= x != q && !special[x] && pred.get(x).size() == 1;
                            minus.add(x);
                        }
                    }
                }
                if (joins) {
                    for (Integer x : new ArrayList<>(minus)) {
                        if (plus.remove(x)) {
                            minus.remove(x);   // an arm that goes on to the join: in and out again
                        }
                    }
                    out.add(derive(n, b, new LinkedHashSet<>(plus), Set.of(), new LinkedHashSet<>(minus), derived,
                        read));
                }
            }
        };
        Runnable splitRule = () -> {
            for (int p = 0; p < n; p++) {
                Set<Integer> s = succ.get(p);
                if (opaque[p] || s.size() < 2 || s.contains(p) || !enteredFromOnly(s, p, pred, special)) {
                    continue;
                }
                // the first block counts invocations unless something jumps to it (then a counter of their own does)
                if (free(p, derived, read) && !(p == 0 && !blocks.entryIsTarget())) {
                    out.add(derive(n, p, s, exits[p] ? Set.of(n + p) : Set.of(), Set.of(), derived, read));
                    continue;
                }
                // the fall-through successor first: a loop's body after its condition, an if's first arm
                List<Integer> order = new ArrayList<>(s);
                if (order.remove(Integer.valueOf(p + 1))) {
                    order.add(0, p + 1);
                }
                for (int x : order) {
                    if (free(x, derived, read)) {
                        Set<Integer> others = new LinkedHashSet<>(s);
                        others.remove(x);
                        if (exits[p]) {
                            others.add(n + p);
                        }
                        out.add(derive(n, x, Set.of(p), Set.of(), others, derived, read));
                        break;
                    }
                }
            }
        };
        // with exits, joins first: a loop's condition then follows from its entry and body, and its exit from the
        // condition by a split; without, joins first would take blocks that splits derive
        if (exitsCounted != null) {
            joinRule.run();
            splitRule.run();
        } else {
            splitRule.run();
            joinRule.run();
        }
        return out;
    }

    private static boolean free(int b, boolean[] derived, boolean[] read) {
        return !derived[b] && !read[b];
    }

    /** Whether every block of {@code s} is entered from {@code p} and nowhere else. */
    private static boolean enteredFromOnly(Set<Integer> s, int p, List<Set<Integer>> pred, boolean[] special) {
        for (int x : s) {
            if (special[x] || pred.get(x).size() != 1) {
                return false;
            }
        }
        return true;
    }

    /** {@code block} = the {@code plus} blocks, plus the exits, less the {@code minus} blocks and exits. */
    private static ClassLayout.Derivation derive(int n, int block, Set<Integer> plus, Set<Integer> plusExits,
                                                 Set<Integer> minus, boolean[] derived, boolean[] read) {
        derived[block] = true;
        List<Integer> p = new ArrayList<>(plus);
        p.addAll(plusExits);
        for (int b : p) {
            if (b < n) {
                read[b] = true;
            }
        }
        for (int b : minus) {
            if (b < n) {
                read[b] = true;
            }
        }
        return new ClassLayout.Derivation(block, p.stream().mapToInt(Integer::intValue).toArray(),
            minus.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The blocks control goes to from a block ending in {@code last}, or null if one cannot be told. */
    private static Set<Integer> successors(AbstractInsnNode last, int b, int n, Map<LabelNode, Integer> blockOf) {
        Set<Integer> s = new LinkedHashSet<>();
        int op = last.getOpcode();
        if (last instanceof JumpInsnNode j) {
            s.add(blockOf.get(j.label));
            if (op != Opcodes.GOTO) {
                s.add(b + 1);
            }
        } else if (last instanceof TableSwitchInsnNode t) {
            s.add(blockOf.get(t.dflt));
            t.labels.forEach(l -> s.add(blockOf.get(l)));
        } else if (last instanceof LookupSwitchInsnNode t) {
            s.add(blockOf.get(t.dflt));
            t.labels.forEach(l -> s.add(blockOf.get(l)));
        } else if (!(op >= Opcodes.IRETURN && op <= Opcodes.RETURN || op == Opcodes.ATHROW)) {
            s.add(b + 1);
        }
        for (Integer x : s) {
            if (x == null || x < 0 || x >= n) {
                return null;
            }
        }
        return s;
    }
}
