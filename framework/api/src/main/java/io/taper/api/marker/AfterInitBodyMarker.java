package io.taper.api.marker;

import java.util.List;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Like {@link BodyMarker}, but in constructors the region starts right after the {@code super()} or
 * {@code this()} call, so snippets see an initialised {@code this} and the exceptional exit is available.
 * A constructor whose initialising call cannot be found (not javac-shaped bytecode) is not marked;
 * {@code java/lang/Object}'s constructor is marked whole.
 */
public class AfterInitBodyMarker implements Marker {

    @Override
    public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
        if (!"<init>".equals(method.name) || "java/lang/Object".equals(owner.name)) {
            return List.of(BodyMarker.body(method, method.instructions.getFirst()));
        }
        AbstractInsnNode call = Constructors.initCall(owner, method);
        if (call == null || call.getNext() == null) {
            return List.of();
        }
        return List.of(BodyMarker.body(method, call.getNext()));
    }
}
