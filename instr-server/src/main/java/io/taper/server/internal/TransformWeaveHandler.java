package io.taper.server.internal;

import io.taper.api.ClassTransform;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.runtime.NeverWoven;
import io.taper.runtime.SiteInfo;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Serves an analysis that brings its own class transformation ({@link ClassTransform}) instead of snippets:
 * Taper's own classes, the analysis's and {@link NeverWoven} ones are never handed to it, and whatever it throws
 * fails that class only. A transformed class carries at most one site, holding the transform's facts about it in its
 * static context (method "", location -1, never switchable): nothing the controller could remove.
 */
public final class TransformWeaveHandler implements WeaveHandler {

    private static final byte[] NONE = new byte[0];

    /** The snippet name of a class's facts site. */
    public static final String CLASS_FACTS = "class-facts";

    private record ClassKey(int loaderTag, String name) {
    }

    private final ClassTransform transform;
    private final Set<String> ownClasses;
    private final Map<ClassKey, Integer> siteIds = new ConcurrentHashMap<>();
    private final AtomicInteger nextSite = new AtomicInteger();

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
        ClassTransform.Woven out;
        try {
            out = transform.transform(new ClassTransform.Request(w.loaderTag(), name, w.classBytes(), w.retransform()));
        } catch (Exception | LinkageError | StackOverflowError e) {
            return new Outcome(WeaveStatus.FAILED, NONE, List.of(), "transform: " + e);
        }
        if (out == null) {
            return new Outcome(WeaveStatus.UNCHANGED, NONE, List.of(), "");
        }
        List<SiteInfo> sites = List.of();
        if (out.facts() != null && !out.facts().isEmpty()) {
            int id = siteIds.computeIfAbsent(new ClassKey(w.loaderTag(), name), k -> nextSite.getAndIncrement());
            sites = List.of(new SiteInfo(id, w.loaderTag(), name, "", "", -1, CLASS_FACTS, "", true,
                Map.copyOf(out.facts()), false));
        }
        String note = out.keptOriginal() == null || out.keptOriginal().isEmpty() ? ""
            : FrameworkWeaveHandler.KEPT_ORIGINAL + String.join("; ", out.keptOriginal());
        return new Outcome(WeaveStatus.WOVEN, out.bytes(), sites, note);
    }

    @Override
    public void close() {
        transform.close();
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
