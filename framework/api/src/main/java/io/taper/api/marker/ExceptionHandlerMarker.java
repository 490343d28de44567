package io.taper.api.marker;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * One region per exception handler: the basic block that starts at the handler. At its start the
 * operand stack holds just the caught exception ({@code @StackValue(0)}).
 */
public class ExceptionHandlerMarker implements Marker {

    @Override
    public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
        if (method.tryCatchBlocks == null || method.tryCatchBlocks.isEmpty()) {
            return List.of();
        }
        BasicBlocks blocks = BasicBlocks.of(method, false);
        boolean[] seen = new boolean[blocks.count()];
        List<MarkedRegion> regions = new ArrayList<>();
        for (TryCatchBlockNode t : method.tryCatchBlocks) {
            AbstractInsnNode first = Instructions.firstInstruction(t.handler);
            if (first == null) {
                continue;
            }
            int b = blocks.blockAt(method.instructions.indexOf(first));
            if (b >= 0 && !seen[b]) {
                seen[b] = true;
                regions.add(new MarkedRegion(blocks.first(b), blocks.last(b)));
            }
        }
        return regions;
    }
}
