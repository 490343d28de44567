package io.taper.analysis.sfa;

import io.taper.api.marker.MarkedRegion;
import io.taper.api.marker.Marker;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Splits {@code getfield} instructions into reads of <em>settled</em> fields ({@code args = "settled"}) and
 * all others ({@code args = "other"}). Neither gets a read that repeats an earlier one ({@link RepeatedReads}): it
 * can record nothing.
 *
 * <p>A field is settled when no class but the one being woven can write it, and every {@code putfield} of
 * it in the class is a fresh write ({@link FreshWriteMarker}). Only its own class can write a field that is
 * {@code final} (the JVM rejects a {@code putfield} of a final field from anywhere else) or {@code private}
 * in a class in no nest. Then every write of every instance happens before the object can be read:
 * the field is stationary and uF (or dF) for the whole run, whatever happens, and a read can only report
 * that the field was accessed. Reflection and {@code Unsafe} are out of scope, as everywhere in SFA.
 */
public final class SettledReadMarker implements Marker {

    @Override
    public void checkArgs(String args) {
        if (!"settled".equals(args) && !"other".equals(args)) {
            throw new IllegalArgumentException("SettledReadMarker takes \"settled\" or \"other\", not \"" + args + "\"");
        }
    }

    @Override
    public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
        boolean wantSettled = "settled".equals(args);
        Set<String> settled = FreshWriteMarker.settledFieldsOf(owner);
        Set<AbstractInsnNode> repeated = FreshWriteMarker.repeatedReadsOf(owner, method);
        List<MarkedRegion> regions = new ArrayList<>();
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.GETFIELD && !repeated.contains(n)) {
                FieldInsnNode f = (FieldInsnNode) n;
                boolean isSettled = f.owner.equals(owner.name) && settled.contains(f.name + ':' + f.desc);
                if (isSettled == wantSettled) {
                    regions.add(new MarkedRegion(n, n));
                }
            }
        }
        return regions;
    }

    /** {@code name:desc} of the settled fields of the class. */
    static Set<String> settledFields(ClassNode owner) {
        Set<String> candidates = new HashSet<>();
        boolean nested = owner.nestHostClass != null || (owner.nestMembers != null && !owner.nestMembers.isEmpty());
        for (FieldNode f : owner.fields) {
            if ((f.access & Opcodes.ACC_STATIC) != 0) {
                continue;
            }
            if ((f.access & Opcodes.ACC_FINAL) != 0 || (!nested && (f.access & Opcodes.ACC_PRIVATE) != 0)) {
                candidates.add(f.name + ':' + f.desc);
            }
        }
        if (candidates.isEmpty()) {
            return candidates;
        }
        for (MethodNode m : owner.methods) {
            Set<AbstractInsnNode> fresh = null;
            for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
                if (n.getOpcode() != Opcodes.PUTFIELD) {
                    continue;
                }
                FieldInsnNode f = (FieldInsnNode) n;
                String key = f.name + ':' + f.desc;
                if (!f.owner.equals(owner.name) || !candidates.contains(key)) {
                    continue;
                }
                if (fresh == null) {
                    fresh = FreshWriteMarker.freshWritesOf(owner, m);
                }
                if (!fresh.contains(n)) {
                    candidates.remove(key);           // written where a read may have come first
                }
            }
        }
        return candidates;
    }
}
