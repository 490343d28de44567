package io.taper.api.marker;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The whole method body: {@code @Before} runs once on entry (even when the first instruction is a loop
 * head), normal exits are the return instructions, the exceptional exit covers the whole body. In a
 * constructor the body includes the code before {@code super()}, where {@code this} is not initialised:
 * use {@link AfterInitBodyMarker} to see an initialised {@code this}.
 */
public class BodyMarker implements Marker {

    @Override
    public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
        return List.of(body(method, method.instructions.getFirst()));
    }

    /** The region from {@code start} to the end of the method. */
    static MarkedRegion body(MethodNode method, AbstractInsnNode start) {
        List<AbstractInsnNode> returns = new ArrayList<>(2);
        for (AbstractInsnNode n = start; n != null; n = n.getNext()) {
            if (Instructions.isReturn(n.getOpcode())) {
                returns.add(n);
            }
        }
        return MarkedRegion.wholeBody(start, returns, Instructions.lastInstruction(method));
    }
}
