package io.taper.api.marker;

import java.util.List;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Splits a method into marked regions, each of which receives the snippets that use this marker.
 * Implementations need a public no-argument constructor, must be stateless (one instance serves all
 * classes, on several threads) and must not modify the class or method.
 */
public interface Marker {

    /**
     * @param owner  the class being woven
     * @param method a method with code (never abstract or native)
     * @param args   the snippet's {@code args} attribute, already accepted by {@link #checkArgs}
     * @return the regions, in any order; the weaver places snippets per region
     */
    List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args);

    /**
     * Called once when the snippet is loaded, so that malformed arguments are rejected at load, not at
     * weave time.
     *
     * @throws IllegalArgumentException with a message that says what is wrong
     */
    default void checkArgs(String args) {
    }
}
