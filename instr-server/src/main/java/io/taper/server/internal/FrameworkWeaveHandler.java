package io.taper.server.internal;

import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.weaver.ClassHierarchy;
import io.taper.weaver.Deployment;
import io.taper.weaver.Fallback;
import io.taper.weaver.WeaveRequest;
import io.taper.weaver.WeaveResult;
import io.taper.weaver.Weaver;
import io.taper.weaver.WovenClassCache;
import java.util.List;

/** The weaver behind the protocol: one WEAVE request in, one outcome out. */
public final class FrameworkWeaveHandler implements WeaveHandler {

    private static final byte[] NONE = new byte[0];

    private final Weaver weaver;
    private final ClassHierarchy hierarchy;
    private final ShadowedClasses shadowed = new ShadowedClasses();
    private final WovenClassCache cache;

    /** @param cache the weaver's woven-class cache (closed with this handler), or null */
    public FrameworkWeaveHandler(Weaver weaver, ClassHierarchy hierarchy, WovenClassCache cache) {
        this.weaver = weaver;
        this.hierarchy = hierarchy;
        this.cache = cache;
    }

    /** Writes the cache entries still queued. */
    @Override
    public void close() {
        if (cache != null) {
            cache.close();
        }
    }

    @Override
    public Outcome weave(Weave w) {
        Deployment d = w.disabledSites().length == 0 && w.variants().isEmpty()
            ? Deployment.ALL_ENABLED : new Deployment(w.disabledSites(), w.variants());
        boolean shadows = wantsShadowFields(w);
        WeaveResult r;
        try {
            r = weaver.weave(new WeaveRequest(w.loaderTag(), w.className(), w.classBytes(), d, shadows));
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            // The weaver promises not to throw; if it does anyway, that class fails, not the connection.
            return new Outcome(WeaveStatus.FAILED, NONE, List.of(), "weaver: " + e);
        }
        // The weaver learns the classes it parses; classes it skips (out of scope) are learnt here, so
        // that hierarchy questions about them (super classes, final fields) can be answered later.
        String name = w.className();
        if (name != null && !name.isEmpty() && !hierarchy.knows(name)) {
            hierarchy.add(w.classBytes());
        }
        switch (r.status()) {
            case WOVEN:
                if (shadows && !w.retransform()) {
                    shadowed.add(w.loaderTag(), w.className());
                }
                return new Outcome(WeaveStatus.WOVEN, r.bytes(), r.sites(), fallbacks(r.fallbacks()));
            case UNCHANGED:
                return new Outcome(WeaveStatus.UNCHANGED, NONE, r.sites(), fallbacks(r.fallbacks()));
            default:
                return new Outcome(WeaveStatus.FAILED, NONE, List.of(), r.error() == null ? "weaver failed" : r.error());
        }
    }

    /**
     * Shadow fields only at a class's first load, and then at every re-weaving of a class that got them:
     * the JVM rejects a retransformation that changes a class's fields. Classes loaded before the agent
     * (their first weaving is already a retransformation) never get them.
     */
    private boolean wantsShadowFields(Weave w) {
        if (weaver.shadowFieldPrefix() == null || w.className() == null || w.className().isEmpty()) {
            return false;
        }
        return !w.retransform() || shadowed.contains(w.loaderTag(), w.className());
    }

    /** The classes woven with shadow fields so far (for statistics). */
    public int shadowedClasses() {
        return shadowed.size();
    }

    /** How the answer's note starts when methods kept their original code. */
    public static final String KEPT_ORIGINAL = "kept original code: ";

    /** The methods that kept their original code, as the answer's note ("" if none). */
    private static String fallbacks(List<Fallback> fallbacks) {
        if (fallbacks.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(KEPT_ORIGINAL);
        for (int i = 0; i < fallbacks.size(); i++) {
            b.append(i == 0 ? "" : "; ").append(fallbacks.get(i));
        }
        return b.toString();
    }
}
