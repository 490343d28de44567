package io.taper.weaver.internal;

import io.taper.api.StaticContext;
import io.taper.api.StaticKey;
import io.taper.api.marker.BasicBlocks;
import io.taper.api.marker.Instructions;
import io.taper.api.marker.MarkedRegion;
import io.taper.api.marker.PreciseBasicBlockMarker;
import io.taper.api.marker.Marker;
import io.taper.weaver.ClassHierarchy;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Static context of one marked region, computed on demand (most keys are never asked for). */
final class RegionContext implements StaticContext {

    /** Per-method state shared by the regions of one method. */
    static final class MethodScope {
        final ClassNode owner;
        final MethodNode method;
        final ClassHierarchy hierarchy;
        final WeaveFacts facts;
        private BasicBlocks blocks;
        private BasicBlocks preciseBlocks;

        /** @param facts records the answers taken from the hierarchy (the weave depends on them) */
        MethodScope(ClassNode owner, MethodNode method, ClassHierarchy hierarchy, WeaveFacts facts) {
            this.owner = owner;
            this.method = method;
            this.hierarchy = hierarchy;
            this.facts = facts;
        }

        BasicBlocks blocks(boolean precise) {
            if (precise) {
                if (preciseBlocks == null) {
                    preciseBlocks = BasicBlocks.of(method, true);
                }
                return preciseBlocks;
            }
            if (blocks == null) {
                blocks = BasicBlocks.of(method, false);
            }
            return blocks;
        }
    }

    private final MethodScope scope;
    private final MarkedRegion region;
    private final Marker marker;
    private final int startIndex;          // node index of the region start in the original list
    private final AbstractInsnNode insn;   // first instruction at/after the start (null if none)

    RegionContext(MethodScope scope, MarkedRegion region, Marker marker, int startIndex) {
        this.scope = scope;
        this.region = region;
        this.marker = marker;
        this.startIndex = startIndex;
        this.insn = Instructions.firstInstruction(region.start());
    }

    @Override
    public Object value(StaticKey key) {
        MethodNode m = scope.method;
        switch (key) {
            case CLASS_NAME: return scope.owner.name;
            case METHOD_NAME: return m.name;
            case METHOD_DESC: return m.desc;
            case METHOD_ACCESS: return m.access;
            case METHOD_IS_CONSTRUCTOR: return "<init>".equals(m.name);
            case METHOD_ID: return scope.owner.name + "." + m.name + m.desc;
            case BB_INDEX: return blocks().blockAt(insnIndex());
            case BB_SIZE: {
                int b = blocks().blockAt(insnIndex());
                return b < 0 ? -1 : blocks().size(b);
            }
            case BB_COUNT: return blocks().count();
            case FIELD_OWNER: return insn instanceof FieldInsnNode f ? f.owner : "";
            case FIELD_NAME: return insn instanceof FieldInsnNode f ? f.name : "";
            case FIELD_DESC: return insn instanceof FieldInsnNode f ? f.desc : "";
            case FIELD_IS_FINAL: return insn instanceof FieldInsnNode f && isFinal(f);
            case INVOKE_OWNER: return insn instanceof MethodInsnNode mi ? mi.owner : "";
            case INVOKE_NAME:
                return insn instanceof MethodInsnNode mi ? mi.name
                    : insn instanceof InvokeDynamicInsnNode indy ? indy.name : "";
            case INVOKE_DESC:
                return insn instanceof MethodInsnNode mi ? mi.desc
                    : insn instanceof InvokeDynamicInsnNode indy ? indy.desc : "";
            case OPCODE: return insn == null ? -1 : insn.getOpcode();
            case LINE_NUMBER: return line();
            default: throw new IllegalArgumentException(key.toString());
        }
    }

    private BasicBlocks blocks() {
        return scope.blocks(marker instanceof PreciseBasicBlockMarker);
    }

    private int insnIndex() {
        if (insn == region.start()) {
            return startIndex;
        }
        return insn == null ? -1 : scope.method.instructions.indexOf(insn);
    }

    private boolean isFinal(FieldInsnNode f) {
        if (f.owner.equals(scope.owner.name)) {
            for (FieldNode field : scope.owner.fields) {
                if (field.name.equals(f.name) && field.desc.equals(f.desc)) {
                    return (field.access & Opcodes.ACC_FINAL) != 0;
                }
            }
        }
        Boolean r = scope.hierarchy.isFinalField(f.owner, f.name, f.desc);
        scope.facts.finalField(f.owner, f.name, f.desc, r);
        return r != null && r;
    }

    private int line() {
        for (AbstractInsnNode n = insn == null ? region.start() : insn; n != null; n = n.getPrevious()) {
            if (n instanceof LineNumberNode l) {
                return l.line;
            }
        }
        return -1;
    }

    /** The instruction the region starts with (null if the region holds none). */
    AbstractInsnNode instruction() {
        return insn;
    }

    @Override
    public ClassNode classNode() {
        return scope.owner;
    }

    @Override
    public MethodNode method() {
        return scope.method;
    }

    @Override
    public MarkedRegion region() {
        return region;
    }
}
