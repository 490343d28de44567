package io.taper.analysis.sfa;

import io.taper.api.marker.MarkedRegion;
import io.taper.api.marker.Marker;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Splits {@code putfield} instructions into <em>fresh</em> writes ({@code args = "fresh"}) and all others
 * ({@code args = "other"}).
 *
 * <p>A write is fresh when it stores into {@code this} in a constructor before that field of {@code this}
 * can have been read by any code. Two cases, both in straight code from the constructor's start (no jump
 * target, jump, switch or handler in between):
 * <ul>
 *   <li>before the initialising {@code super()}/{@code this()} call, in any class: the object is not
 *       initialised yet, so nothing can read it (javac stores an inner class's outer instance and captured
 *       values there);</li>
 *   <li>after it, in a class whose superclass is {@code java.lang.Object} and whose constructor calls
 *       {@code Object.<init>} (not another constructor of its own), when {@code this} has been used only
 *       as the receiver of {@code Object.<init>}, of {@code putfield}s of its own class and of
 *       {@code getfield}s of <em>other</em> fields of its own class (reading a field leaks nothing of the
 *       object, and a field read before it is written is not fresh).</li>
 * </ul>
 * Nothing can then have read that field of the object, on any thread, so the write cannot make its field
 * non-stationary and it happens inside the owner's constructor: its whole effect is "the field is
 * written", and after its first event the site can no longer change anything. After {@code super()},
 * constructors of other classes are not fresh: their super constructor may call an overridden method
 * that reads the field first.
 *
 * <p>{@code putfield}s that the rule cannot vouch for (any doubt, or bytecode the analyzer rejects) are
 * "other": they take the general path, which is always right.
 */
public final class FreshWriteMarker implements Marker {

    private static final String OBJECT = "java/lang/Object";

    @Override
    public void checkArgs(String args) {
        if (!"fresh".equals(args) && !"other".equals(args)) {
            throw new IllegalArgumentException("FreshWriteMarker takes \"fresh\" or \"other\", not \"" + args + "\"");
        }
    }

    @Override
    public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
        boolean wantFresh = "fresh".equals(args);
        Map<AbstractInsnNode, Boolean> fresh = freshWritesOf(owner, method);
        List<MarkedRegion> regions = new ArrayList<>();
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.PUTFIELD && fresh.containsKey(n) == wantFresh) {
                regions.add(new MarkedRegion(n, n));
            }
        }
        return regions;
    }

    /** Per weaving thread, the answers for the methods of the class it weaves now. */
    private static final class ClassAnswers {
        ClassNode owner;
        final Map<MethodNode, Map<AbstractInsnNode, Boolean>> byMethod = new IdentityHashMap<>();
    }

    private static final ThreadLocal<ClassAnswers> LAST_CLASS = ThreadLocal.withInitial(ClassAnswers::new);

    /**
     * {@link #freshWrites}, computed once per method of the class being woven: this marker's two snippets
     * and {@link SettledReadMarker} (which asks about every method of the class) all need it, and each
     * answer costs an {@code Analyzer} pass.
     */
    static Map<AbstractInsnNode, Boolean> freshWritesOf(ClassNode owner, MethodNode method) {
        ClassAnswers answers = LAST_CLASS.get();
        if (answers.owner != owner) {
            answers.owner = owner;
            answers.byMethod.clear();
        }
        return answers.byMethod.computeIfAbsent(method, m -> freshWrites(owner, m));
    }

    /** The fresh {@code putfield}s of the method (an identity set); empty outside qualifying constructors. */
    static Map<AbstractInsnNode, Boolean> freshWrites(ClassNode owner, MethodNode method) {
        Map<AbstractInsnNode, Boolean> fresh = new IdentityHashMap<>();
        if (!"<init>".equals(method.name) || (method.access & Opcodes.ACC_STATIC) != 0 || !hasPutfield(method)
                || storesToThis(method)) {
            return fresh;
        }
        boolean objectSubclass = OBJECT.equals(owner.superName);
        Set<String> readSoFar = new HashSet<>();      // own fields of this read so far: their writes are not fresh
        Frame<SourceValue>[] frames;
        try {
            frames = new Analyzer<>(new SourceInterpreter()).analyze(owner.name, method);
        } catch (AnalyzerException | RuntimeException e) {
            return fresh;
        }
        Map<LabelNode, Boolean> targets = branchTargets(method);
        boolean initialised = false;
        AbstractInsnNode[] insns = method.instructions.toArray();
        for (int i = 0; i < insns.length - 1; i++) {
            AbstractInsnNode n = insns[i];
            if (n instanceof LabelNode l && targets.containsKey(l)) {
                break;
            }
            int op = n.getOpcode();
            if (op < 0) {
                continue;
            }
            if (n instanceof JumpInsnNode || n instanceof TableSwitchInsnNode || n instanceof LookupSwitchInsnNode
                    || op == Opcodes.ATHROW || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN)) {
                break;
            }
            Frame<SourceValue> before = frames[i];
            Frame<SourceValue> after = frames[i + 1];    // straight code: the next node's frame follows
            if (before == null || after == null) {
                break;
            }
            int consumedFrom = commonStackPrefix(before, after);
            int top = before.getStackSize();
            boolean thisConsumed = false;
            for (int s = consumedFrom; s < top; s++) {
                if (isThis(before.getStack(s))) {
                    thisConsumed = true;
                }
            }
            if (op == Opcodes.INVOKESPECIAL && "<init>".equals(((MethodInsnNode) n).name)) {
                MethodInsnNode m = (MethodInsnNode) n;
                int receiver = top - argumentSlots(m.desc) - 1;
                if (receiver >= 0 && isThis(before.getStack(receiver))) {
                    // the constructor's own initialising call: only Object.<init>, once, with this nowhere else
                    if (initialised || !objectSubclass || !OBJECT.equals(m.owner)
                            || !onlyAt(before, consumedFrom, top, receiver)) {
                        break;        // another super constructor may read any field: nothing after is fresh
                    }
                    initialised = true;
                    continue;
                }
                if (thisConsumed) {
                    break;                            // this passed to another object's constructor
                }
                continue;
            }
            if (op >= Opcodes.DUP && op <= Opcodes.SWAP && thisInTop(before, touched(op))) {
                break;       // a copy of this is not recognisable as this any more (e.g. this.x++)
            }
            if (op == Opcodes.PUTFIELD) {
                FieldInsnNode f = (FieldInsnNode) n;
                int receiver = top - 2;
                if (receiver >= 0 && isThis(before.getStack(receiver)) && onlyAt(before, consumedFrom, top, receiver)) {
                    // before the initialising call nothing can read the object; after it, only what this
                    // constructor read itself
                    if (f.owner.equals(owner.name) && (!initialised || !readSoFar.contains(f.name))) {
                        fresh.put(n, Boolean.TRUE);
                    }
                    continue;
                }
                if (thisConsumed) {
                    break;
                }
                continue;
            }
            if (op == Opcodes.GETFIELD && initialised && thisConsumed && top - 1 >= consumedFrom
                    && isThis(before.getStack(top - 1)) && onlyAt(before, consumedFrom, top, top - 1)
                    && ((FieldInsnNode) n).owner.equals(owner.name)) {
                readSoFar.add(((FieldInsnNode) n).name);
                continue;                             // reading its own field shows nothing of this
            }
            if (thisConsumed) {
                break;                                // this escapes, is read from, or is compared: stop
            }
        }
        return fresh;
    }

    private static boolean hasPutfield(MethodNode m) {
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.PUTFIELD) {
                return true;
            }
        }
        return false;
    }

    /** Local 0 reassigned anywhere: then a load of local 0 is not necessarily {@code this}. */
    private static boolean storesToThis(MethodNode m) {
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof VarInsnNode v && v.var == 0 && v.getOpcode() >= Opcodes.ISTORE
                    && v.getOpcode() <= Opcodes.ASTORE) {
                return true;
            }
            if (n.getOpcode() == Opcodes.IINC && ((org.objectweb.asm.tree.IincInsnNode) n).var == 0) {
                return true;
            }
        }
        return false;
    }

    private static Map<LabelNode, Boolean> branchTargets(MethodNode m) {
        Map<LabelNode, Boolean> t = new IdentityHashMap<>();
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof JumpInsnNode j) {
                t.put(j.label, Boolean.TRUE);
            } else if (n instanceof TableSwitchInsnNode s) {
                t.put(s.dflt, Boolean.TRUE);
                s.labels.forEach(l -> t.put(l, Boolean.TRUE));
            } else if (n instanceof LookupSwitchInsnNode s) {
                t.put(s.dflt, Boolean.TRUE);
                s.labels.forEach(l -> t.put(l, Boolean.TRUE));
            }
        }
        for (TryCatchBlockNode b : m.tryCatchBlocks) {
            t.put(b.start, Boolean.TRUE);             // code under a handler may leave for it at any point
            t.put(b.handler, Boolean.TRUE);
        }
        return t;
    }

    /** Number of bottom stack entries the instruction left untouched (the analyzer keeps them by identity). */
    private static int commonStackPrefix(Frame<SourceValue> before, Frame<SourceValue> after) {
        int n = Math.min(before.getStackSize(), after.getStackSize());
        int k = 0;
        while (k < n && before.getStack(k) == after.getStack(k)) {
            k++;
        }
        return k;
    }

    /** True if, among the consumed entries, {@code this} is only at {@code position}. */
    private static boolean onlyAt(Frame<SourceValue> before, int from, int top, int position) {
        for (int s = from; s < top; s++) {
            if (s != position && isThis(before.getStack(s))) {
                return false;
            }
        }
        return position >= from;
    }

    /** Stack entries a dup or swap may copy or move (counting a long or double as one, the larger case). */
    private static int touched(int op) {
        return switch (op) {
            case Opcodes.DUP -> 1;
            case Opcodes.DUP_X1, Opcodes.DUP2, Opcodes.SWAP -> 2;
            case Opcodes.DUP_X2, Opcodes.DUP2_X1 -> 3;
            default -> 4;
        };
    }

    private static boolean thisInTop(Frame<SourceValue> f, int entries) {
        for (int s = Math.max(0, f.getStackSize() - entries); s < f.getStackSize(); s++) {
            if (isThis(f.getStack(s))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isThis(SourceValue v) {
        if (v == null || v.insns.size() != 1) {
            return false;
        }
        AbstractInsnNode src = v.insns.iterator().next();
        return src instanceof VarInsnNode var && var.getOpcode() == Opcodes.ALOAD && var.var == 0;
    }

    private static int argumentSlots(String desc) {
        return org.objectweb.asm.Type.getArgumentTypes(desc).length;    // stack entries, not words
    }
}
