package io.taper.weaver.snippets;

import io.taper.api.marker.MarkedRegion;
import io.taper.api.marker.Marker;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/** A custom marker (the public Marker interface): one region per instruction. */
public class EveryInstructionMarker implements Marker {

    @Override
    public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
        List<MarkedRegion> regions = new ArrayList<>();
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() >= 0) {
                regions.add(new MarkedRegion(n, n));
            }
        }
        return regions;
    }
}
