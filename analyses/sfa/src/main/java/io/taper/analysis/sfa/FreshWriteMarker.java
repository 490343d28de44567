package io.taper.analysis.sfa;

import io.taper.api.marker.MarkedRegion;
import io.taper.api.marker.Marker;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Splits {@code putfield} instructions into <em>fresh</em> writes, <em>own</em> writes and all others
 * ({@code args = "other"}); fresh writes of a field that is settled in the class ({@link SettledReadMarker}) are
 * {@code args = "settled"}, the rest {@code args = "fresh"}. Own writes ({@code args = "own"}) are the other
 * writes of a constructor to {@code this} (surely {@code this} on every path, local 0 never reassigned), but for
 * those to a final field of the class, which stay "other" for the final-write snippet. An own write happens while
 * the object's constructor runs, so it never makes a field ¬F, and only a read mark on the object can make it
 * count: its site need not ask the constructor stack.
 *
 * <p>A write is fresh when it stores into {@code this} in a constructor before that field of {@code this}
 * can have been read by any code, on every path that reaches it ({@link FreshWriteAnalysis} follows
 * {@code this} through branches, loops and handlers). Two cases:
 * <ul>
 *   <li>before the initialising {@code super()}/{@code this()} call, in any class: the object is not
 *       initialised yet, so nothing can read it (javac stores an inner class's outer instance and captured
 *       values there);</li>
 *   <li>after it, in a class whose superclass is {@code java.lang.Object} (or {@code Number}, {@code Enum},
 *       {@code Record}, whose constructors keep {@code this} to themselves) and whose constructor calls the
 *       super constructor (not another constructor of its own), when {@code this} has been used only
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

    @Override
    public void checkArgs(String args) {
        if (!"fresh".equals(args) && !"settled".equals(args) && !"own".equals(args) && !"other".equals(args)) {
            throw new IllegalArgumentException(
                "FreshWriteMarker takes \"fresh\", \"settled\", \"own\" or \"other\", not \"" + args + "\"");
        }
    }

    @Override
    public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
        boolean wantOther = "other".equals(args);
        boolean wantOwn = "own".equals(args);
        boolean wantSettled = "settled".equals(args);
        FreshWriteAnalysis.Result analysis = analysisOf(owner, method);
        Set<AbstractInsnNode> fresh = analysis.fresh();
        List<MarkedRegion> regions = new ArrayList<>();
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() != Opcodes.PUTFIELD) {
                continue;
            }
            if (!fresh.contains(n)) {
                boolean own = analysis.own().contains(n) && !ownFinal(owner, (FieldInsnNode) n);
                if (own ? wantOwn : wantOther) {
                    regions.add(new MarkedRegion(n, n));
                }
            } else if (wantOwn) {
                continue;
            } else if (!wantOther && settledFieldsOf(owner).contains(key((FieldInsnNode) n)) == wantSettled) {
                regions.add(new MarkedRegion(n, n));
            }
        }
        return regions;
    }

    /** Per weaving thread, the answers for the methods of the class it weaves now. */
    private static final class ClassAnswers {
        ClassNode owner;
        final Map<MethodNode, FreshWriteAnalysis.Result> byMethod = new IdentityHashMap<>();
        final Map<MethodNode, Set<AbstractInsnNode>> repeatedReads = new IdentityHashMap<>();
        Set<String> settled;
    }

    private static final ThreadLocal<ClassAnswers> LAST_CLASS = ThreadLocal.withInitial(ClassAnswers::new);

    /**
     * The fresh writes of a method ({@link FreshWriteAnalysis}), computed once per method of the class being
     * woven: this marker's three snippets, {@link SettledReadMarker} (which asks about every method of the class)
     * and {@link ConstructorFrameMarker} all need it, and each answer costs an {@code Analyzer} pass.
     */
    static Set<AbstractInsnNode> freshWritesOf(ClassNode owner, MethodNode method) {
        return analysisOf(owner, method).fresh();
    }

    /** The whole answer for a constructor: its fresh writes and whether {@code this} stays in it. */
    static FreshWriteAnalysis.Result analysisOf(ClassNode owner, MethodNode method) {
        return answersFor(owner).byMethod.computeIfAbsent(method, m -> FreshWriteAnalysis.analyse(owner, m));
    }

    /** {@code name:desc} of the class's settled fields ({@link SettledReadMarker#settledFields}), once per class. */
    static Set<String> settledFieldsOf(ClassNode owner) {
        ClassAnswers answers = answersFor(owner);
        if (answers.settled == null) {
            answers.settled = SettledReadMarker.settledFields(owner);
        }
        return answers.settled;
    }

    /**
     * The reads of a method that repeat an earlier one ({@link RepeatedReads}), once per method: both of
     * {@link SettledReadMarker}'s snippets ask.
     */
    static Set<AbstractInsnNode> repeatedReadsOf(ClassNode owner, MethodNode method) {
        return answersFor(owner).repeatedReads.computeIfAbsent(method, RepeatedReads::of);
    }

    private static ClassAnswers answersFor(ClassNode owner) {
        ClassAnswers answers = LAST_CLASS.get();
        if (answers.owner != owner) {
            answers.owner = owner;
            answers.byMethod.clear();
            answers.repeatedReads.clear();
            answers.settled = null;
        }
        return answers;
    }

    /**
     * A write to a final field of the class itself: the weaver's final flag says so too (it reads the flag of its
     * own class's fields the same way), and the final-write snippet, which never asks, takes it.
     */
    static boolean ownFinal(ClassNode owner, FieldInsnNode f) {
        if (!f.owner.equals(owner.name)) {
            return false;
        }
        for (FieldNode field : owner.fields) {
            if (field.name.equals(f.name) && field.desc.equals(f.desc)) {
                return (field.access & Opcodes.ACC_FINAL) != 0;
            }
        }
        return false;
    }

    /** A fresh write is to the class's own field ({@code owner} is the class): its {@code name:desc}. */
    private static String key(FieldInsnNode f) {
        return f.name + ':' + f.desc;
    }
}
