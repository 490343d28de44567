package io.taper.server.internal;

import io.taper.api.ClassTransform;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.runtime.NeverWoven;
import java.util.List;
import java.util.Set;

/**
 * Serves an analysis that brings its own class transformation ({@link ClassTransform}) instead of snippets:
 * Taper's own classes, the analysis's and {@link NeverWoven} ones are never handed to it, and whatever it throws
 * fails that class only. Its classes carry no sites: the controller has nothing to remove in them.
 */
public final class TransformWeaveHandler implements WeaveHandler {

    private static final byte[] NONE = new byte[0];

    private final ClassTransform transform;
    private final Set<String> ownClasses;

    public TransformWeaveHandler(ClassTransform transform, Set<String> ownClasses) {
        this.transform = transform;
        this.ownClasses = ownClasses;
    }

    @Override
    public Outcome weave(Weave w) {
        String name = w.className() == null ? "" : w.className();
        if (NeverWoven.matches(name) || ownClasses.contains(name)) {
            return new Outcome(WeaveStatus.UNCHANGED, NONE, List.of(), "");
        }
        byte[] out;
        try {
            out = transform.transform(new ClassTransform.Request(w.loaderTag(), name, w.classBytes(), w.retransform()));
        } catch (Exception | LinkageError | StackOverflowError e) {
            return new Outcome(WeaveStatus.FAILED, NONE, List.of(), "transform: " + e);
        }
        return out == null
            ? new Outcome(WeaveStatus.UNCHANGED, NONE, List.of(), "")
            : new Outcome(WeaveStatus.WOVEN, out, List.of(), "");
    }

    /** The transformation's own figures. */
    public java.util.Map<String, Object> stats() {
        try {
            return transform.stats();
        } catch (RuntimeException e) {
            return java.util.Map.of("error", e.toString());
        }
    }
}
