package io.taper.server.internal;

import io.taper.api.ClassTransform;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.runtime.NeverWoven;
import io.taper.runtime.SiteInfo;
import io.taper.weaver.TransformCache;
import io.taper.weaver.WovenClassCache;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Serves an analysis that brings its own class transformation ({@link ClassTransform}) instead of snippets:
 * Taper's own classes, the analysis's and {@link NeverWoven} ones are never handed to it, and whatever it throws
 * fails that class only. A transformed class carries a site holding the transform's facts about it in its static
 * context (method "", location -1, never switchable), and a site per method the transform declares switchable by
 * variant ({@code Woven.variantMethods}): the deployment's variants for those sites come back to the transform as
 * {@code Request.variants}, by method.
 */
public final class TransformWeaveHandler implements WeaveHandler {

    private static final byte[] NONE = new byte[0];

    /** The snippet name of a class's facts site. */
    public static final String CLASS_FACTS = "class-facts";
    /** The snippet name of a method site whose variant the controller may switch ({@code Woven.variantMethods}). */
    public static final String METHOD = "method";

    private record MethodSite(int loaderTag, String className, String method) {
        // written out: a record's own are bootstrapped through java.lang.invoke at the first call (start-up time)
        @Override
        public boolean equals(Object o) {
            return o instanceof MethodSite m && m.loaderTag == loaderTag && Objects.equals(m.className, className)
                && Objects.equals(m.method, method);
        }

        @Override
        public int hashCode() {
            return (31 * loaderTag + Objects.hashCode(className)) * 31 + Objects.hashCode(method);
        }
    }

    private final Map<MethodSite, Integer> methodSiteIds = new ConcurrentHashMap<>();
    private final Map<Integer, MethodSite> methodOfSite = new ConcurrentHashMap<>();

    private record ClassKey(int loaderTag, String name) {
        // written out: a record's own are bootstrapped through java.lang.invoke at the first call (start-up time)
        @Override
        public boolean equals(Object o) {
            return o instanceof ClassKey k && k.loaderTag == loaderTag && Objects.equals(k.name, name);
        }

        @Override
        public int hashCode() {
            return 31 * loaderTag + Objects.hashCode(name);
        }
    }

    private final ClassTransform transform;
    private final TransformCache cache;
    private final WovenClassCache cacheFiles;
    private final Set<String> ownClasses;
    private final Map<ClassKey, Integer> siteIds = new ConcurrentHashMap<>();
    private final AtomicInteger nextSite = new AtomicInteger();

    public TransformWeaveHandler(ClassTransform transform, Set<String> ownClasses) {
        this(transform, ownClasses, null, null);
    }

    /**
     * @param cache      the transform's results kept across runs, or null
     * @param cacheFiles the cache directory behind it, closed with the handler, or null
     */
    public TransformWeaveHandler(ClassTransform transform, Set<String> ownClasses, TransformCache cache,
                                 WovenClassCache cacheFiles) {
        this.transform = transform;
        this.ownClasses = ownClasses;
        this.cache = cache;
        this.cacheFiles = cacheFiles;
    }

    @Override
    public Outcome weave(Weave w) {
        String name = w.className() == null ? "" : w.className();
        if (NeverWoven.matches(name) || ownClasses.contains(name)) {
            return new Outcome(WeaveStatus.UNCHANGED, NONE, List.of(), "");
        }
        Map<String, String> variants = new java.util.HashMap<>();
        if (w.variants() != null) {
            for (Map.Entry<Integer, String> e : w.variants().entrySet()) {
                MethodSite m = methodOfSite.get(e.getKey());
                if (m != null && m.loaderTag == w.loaderTag() && m.className.equals(name) && !e.getValue().isEmpty()) {
                    variants.put(m.method, e.getValue());
                }
            }
        }
        ClassTransform.Woven out;
        try {
            ClassTransform.Request request = new ClassTransform.Request(w.loaderTag(), name, w.classBytes(),
                w.retransform(), Map.copyOf(variants));
            out = cache != null ? cache.transform(transform, request) : transform.transform(request);
        } catch (Exception | LinkageError | StackOverflowError e) {
            return new Outcome(WeaveStatus.FAILED, NONE, List.of(), "transform: " + e);
        }
        if (out == null) {
            return new Outcome(WeaveStatus.UNCHANGED, NONE, List.of(), "");
        }
        List<SiteInfo> sites = new java.util.ArrayList<>();
        if (out.facts() != null && !out.facts().isEmpty()) {
            int id = siteIds.computeIfAbsent(new ClassKey(w.loaderTag(), name), k -> nextSite.getAndIncrement());
            sites.add(new SiteInfo(id, w.loaderTag(), name, "", "", -1, CLASS_FACTS, "", true,
                Map.copyOf(out.facts()), false));
        }
        if (out.variantMethods() != null) {
            for (String[] m : out.variantMethods()) {
                String key = ClassTransform.methodKey(m[0], m[1]);
                MethodSite ms = new MethodSite(w.loaderTag(), name, key);
                int id = methodSiteIds.computeIfAbsent(ms, k -> nextSite.getAndIncrement());
                methodOfSite.putIfAbsent(id, ms);
                String variant = variants.getOrDefault(key, "");
                sites.add(new SiteInfo(id, w.loaderTag(), name, m[0], m[1], 0, METHOD, variant, true, Map.of(), false));
            }
        }
        String note = out.keptOriginal() == null || out.keptOriginal().isEmpty() ? ""
            : FrameworkWeaveHandler.KEPT_ORIGINAL + String.join("; ", out.keptOriginal());
        return new Outcome(WeaveStatus.WOVEN, out.bytes(), sites, note);
    }

    @Override
    public void close() {
        transform.close();
        if (cacheFiles != null) {
            cacheFiles.close();
        }
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
