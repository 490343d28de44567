package io.taper.weaver;

import io.taper.api.ClassTransform;
import io.taper.weaver.internal.TransformStore;
import java.util.List;

/**
 * The woven-class cache for an analysis that brings its own {@link ClassTransform}, when that transform is
 * {@link ClassTransform.Reusable}: a class whose bytes a run transformed before is not transformed again; the
 * cached result gets this run's numbers and facts from {@link ClassTransform.Reusable#reuse}. The entries live in
 * the same directory as the snippet weaver's, in a space of their own (the transform's identity and cache identity,
 * and Taper's code), are checked the same way and pruned with them.
 *
 * <pre>{@code
 * TransformCache cache = TransformCache.of(WovenClassCache.open(dir, max), transformJarsDigest, transform);
 * ClassTransform.Woven w = cache.transform(transform, request);   // cached, or transformed and kept
 * }</pre>
 */
public final class TransformCache {

    private final TransformStore store;
    private final ClassTransform.Reusable reusable;

    private TransformCache(TransformStore store, ClassTransform.Reusable reusable) {
        this.store = store;
        this.reusable = reusable;
    }

    /**
     * @param identity what tells the transform's code apart from every other (e.g. a digest of its jars)
     * @return the cache of a reusable transform, or null if the transform is not {@link ClassTransform.Reusable}
     */
    public static TransformCache of(WovenClassCache cache, String identity, ClassTransform transform) {
        if (!(transform instanceof ClassTransform.Reusable reusable)) {
            return null;
        }
        String space = "t" + WovenClassCache.digestOf(List.of("taper-transform/1", WovenClassCache.codeVersion(),
            identity, String.valueOf(reusable.cacheIdentity()), "anyMethodOrder=" + reusable.anyMethodOrder()));
        return new TransformCache(new TransformStore(cache.store(), space, reusable.anyMethodOrder()), reusable);
    }

    /** The directory name of this transform's entries in the cache. */
    public String space() {
        return store.space();
    }

    /**
     * The transform's result for the request: the cached one with this run's numbers and facts when the cache holds
     * the class, else {@code transform.transform(request)}, kept for later runs when its numbers allow.
     */
    public ClassTransform.Woven transform(ClassTransform transform, ClassTransform.Request request) throws Exception {
        byte[] key = store.key(request);
        TransformStore.Hit hit = store.find(key);
        if (hit != null) {
            ClassTransform.Woven mine = reusable.reuse(request, hit.cached());
            if (mine != null) {
                int[] numbers = mine.runNumbers() == null ? new int[0] : mine.runNumbers();
                byte[] bytes = store.renumber(hit, numbers);
                if (bytes != null) {
                    return new ClassTransform.Woven(bytes, mine.facts(), hit.cached().keptOriginal(),
                        hit.cached().variantMethods(), numbers.clone());
                }
            }
        }
        ClassTransform.Woven fresh = transform.transform(request);
        if (fresh != null) {
            store.missed();
            store.keep(key, request, fresh);
        }
        return fresh;
    }
}
