package io.taper.api;

import io.taper.api.marker.MarkedRegion;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/** The static context of one marked region, as guards see it at weave time. */
public interface StaticContext {

    /** The value of a key: a String, Integer or Boolean as {@link StaticKey#javaType()} says. */
    Object value(StaticKey key);

    default String string(StaticKey key) {
        return (String) value(key);
    }

    default int integer(StaticKey key) {
        return (Integer) value(key);
    }

    default boolean bool(StaticKey key) {
        return (Boolean) value(key);
    }

    /** The class being woven (read-only: guards must not change it). */
    ClassNode classNode();

    /** The method being woven (read-only). */
    MethodNode method();

    /** The marked region. */
    MarkedRegion region();
}
