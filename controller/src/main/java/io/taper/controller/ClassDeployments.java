package io.taper.controller;

import io.taper.runtime.Audit;
import io.taper.runtime.SiteInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The single source of truth for the current deployment in this run: which sites are disabled and which
 * variant each site runs. The agent asks it before every WEAVE request ({@link #forClass}) and tells it
 * the sites of every WOVEN answer ({@link #onWoven}); the controller changes it and then retransforms
 * the classes it reports dirty.
 *
 * <p>Besides the wanted deployment it remembers, per class, what was last woven (each site's active
 * flag and the variant requested for it), so a class whose woven code already matches the wanted
 * deployment is never retransformed, and a class woven concurrently with a stale deployment is
 * reported dirty again.
 */
public final class ClassDeployments {

    private static final ClassDeployments INSTANCE = new ClassDeployments();

    private final Set<Integer> disabled = ConcurrentHashMap.newKeySet();
    /** Sites removed in an audit run: still woven, see {@link #audit()}. */
    private final Set<Integer> audited = ConcurrentHashMap.newKeySet();
    private final Map<Integer, String> variants = new ConcurrentHashMap<>();
    private final Map<ClassKey, WovenClass> woven = new ConcurrentHashMap<>();
    private final Map<Integer, ClassKey> classOfSite = new ConcurrentHashMap<>();
    /** Woven classes by internal name (one name may be defined by several loaders). */
    private final Map<String, List<ClassKey>> byName = new ConcurrentHashMap<>();
    /** Variants requested per class by the last {@link #forClass}, matched to the WOVEN answer. */
    private final Map<ClassKey, Map<Integer, String>> requested = new ConcurrentHashMap<>();
    private final Set<ClassKey> dirty = ConcurrentHashMap.newKeySet();
    /**
     * The dirty classes in the order they became dirty: a strategy that disables the sites it expects to
     * gain most from first gets those classes retransformed first (batches go in this order).
     */
    private final ConcurrentLinkedQueue<ClassKey> dirtyOrder = new ConcurrentLinkedQueue<>();
    /** Classes whose last retransformation by the controller failed: their woven code is unknown. */
    private final Set<ClassKey> failed = ConcurrentHashMap.newKeySet();

    /** Per thread that asked for it: time between {@link #forClass} and {@link #onWoven} (a weave). */
    private static final class WeaveClock {
        long started;
        long total;
    }

    private final ThreadLocal<WeaveClock> weaveClocks = new ThreadLocal<>();

    /** What the last weave of a class did at each of its sites. */
    private record WovenClass(int[] ids, boolean[] active, String[] requestedVariants) {
    }

    /** The run's deployment (the agent and the controller share it). */
    public static ClassDeployments get() {
        return INSTANCE;
    }

    /**
     * Forgets every class and site, as at the JVM's start: a detached agent leaves nothing behind, and the next attach
     * numbers its sites from zero again.
     */
    public void clear() {
        disabled.clear();
        audited.clear();
        variants.clear();
        woven.clear();
        classOfSite.clear();
        byName.clear();
        requested.clear();
        dirty.clear();
        dirtyOrder.clear();
        failed.clear();
    }

    /** A fresh, empty deployment, for tests. */
    static ClassDeployments createForTest() {
        return new ClassDeployments();
    }

    /** The deployment to weave this class with. */
    public ClassDeployment forClass(int loaderTag, String internalName) {
        WeaveClock clock = weaveClocks.get();
        if (clock != null) {
            clock.started = System.nanoTime();
        }
        ClassKey key = new ClassKey(loaderTag, internalName);
        ClassDeployment d = deploymentOf(key);
        if (d == ClassDeployment.ALL_ENABLED) {
            requested.remove(key);
        } else {
            requested.put(key, d.variants());
        }
        return d;
    }

    /**
     * The deployment a weave of this class would ask for now, without noting that it was asked for (the agent weaves
     * a controller batch ahead with it, and the transformer asks again).
     */
    public ClassDeployment current(int loaderTag, String internalName) {
        return deploymentOf(new ClassKey(loaderTag, internalName));
    }

    private ClassDeployment deploymentOf(ClassKey key) {
        WovenClass w = woven.get(key);
        if (w == null || (disabled.isEmpty() && variants.isEmpty())) {
            return ClassDeployment.ALL_ENABLED;
        }
        int n = 0;
        int[] off = new int[w.ids.length];
        Map<Integer, String> v = new HashMap<>();
        for (int id : w.ids) {
            if (disabled.contains(id)) {
                off[n++] = id;
            }
            String variant = variants.get(id);
            if (variant != null) {
                v.put(id, variant);
            }
        }
        return new ClassDeployment(Arrays.copyOf(off, n), v);
    }

    /** Records the site table the server returned for this class. */
    public void onWoven(int loaderTag, String internalName, List<SiteInfo> sites) {
        WeaveClock clock = weaveClocks.get();
        if (clock != null && clock.started != 0) {
            clock.total += System.nanoTime() - clock.started;
            clock.started = 0;
        }
        ClassKey key = new ClassKey(loaderTag, internalName);
        Map<Integer, String> asked = requested.remove(key);
        int[] ids = new int[sites.size()];
        boolean[] active = new boolean[ids.length];
        String[] asks = new String[ids.length];
        for (int i = 0; i < ids.length; i++) {
            SiteInfo s = sites.get(i);
            ids[i] = s.id();
            active[i] = s.active();
            asks[i] = asked == null ? null : asked.get(s.id());
            classOfSite.put(s.id(), key);
        }
        if (woven.put(key, new WovenClass(ids, active, asks)) == null) {
            byName.compute(internalName, new AddKey(key));
        }
        failed.remove(key);
        if (needsRetransform(key)) {
            markDirty(key);
        }
    }

    public void disable(int siteId) {
        if (Audit.enabled()) {
            // an audit keeps the site in the code, marked: its events are checked, not lost
            if (audited.add(siteId)) {
                Audit.markRemoved(siteId);
            }
            return;
        }
        if (disabled.add(siteId)) {
            markDirty(siteId);
        }
    }

    public void enable(int siteId) {
        if (audited.remove(siteId)) {
            Audit.markRestored(siteId);
        }
        if (disabled.remove(siteId)) {
            markDirty(siteId);
        }
    }

    /**
     * From now on removals are audited, not carried out: a disabled site stays woven and is marked in
     * {@link Audit}. Call before the first removal.
     */
    public void audit() {
        Audit.enable();
    }

    /** Selects a variant for the site; null or "" selects the snippet's default. */
    public void setVariant(int siteId, String variant) {
        String before = (variant == null || variant.isEmpty()) ? variants.remove(siteId) : variants.put(siteId, variant);
        if (!Objects.equals(before, variant == null || variant.isEmpty() ? null : variant)) {
            markDirty(siteId);
        }
    }

    public boolean isDisabled(int siteId) {
        return disabled.contains(siteId) || audited.contains(siteId);
    }

    /** The variant selected for the site, or "" for the snippet's default. */
    public String variant(int siteId) {
        return variants.getOrDefault(siteId, "");
    }

    /** The class the site was woven into, or null if no WOVEN answer named it. */
    public ClassKey classOf(int siteId) {
        return classOfSite.get(siteId);
    }

    /** The woven classes of this internal name, by any loader (empty if none). */
    public List<ClassKey> keysNamed(String internalName) {
        return byName.getOrDefault(internalName, List.of());
    }

    /** The ids of the sites last woven into the class, or an empty array. */
    public int[] siteIds(ClassKey key) {
        WovenClass w = woven.get(key);
        return w == null ? new int[0] : w.ids.clone();
    }

    /** Whether the site is in the class's current woven code: null if unknown. */
    public Boolean isWovenActive(int siteId) {
        ClassKey key = classOfSite.get(siteId);
        WovenClass w = key == null || failed.contains(key) ? null : woven.get(key);
        if (w == null) {
            return null;
        }
        for (int i = 0; i < w.ids.length; i++) {
            if (w.ids[i] == siteId) {
                return w.active[i];
            }
        }
        return null;
    }

    /** True if the class's woven code differs from the wanted deployment at some site. */
    public boolean needsRetransform(ClassKey key) {
        WovenClass w = woven.get(key);
        if (w == null || failed.contains(key)) {
            return false;
        }
        for (int i = 0; i < w.ids.length; i++) {
            int id = w.ids[i];
            if (disabled.contains(id) == w.active[i]) {
                return true;
            }
            if (!Objects.equals(variants.get(id), w.requestedVariants[i])) {
                return true;
            }
        }
        return false;
    }

    /**
     * Takes the classes marked dirty since the last call (by a deployment change, or by a weave that
     * left a difference) and returns those that still need retransforming.
     */
    public List<ClassKey> drainDirty() {
        List<ClassKey> out = new ArrayList<>();
        for (ClassKey key; (key = dirtyOrder.poll()) != null; ) {
            dirty.remove(key);
            if (needsRetransform(key)) {
                out.add(key);
            }
        }
        return out;
    }

    /**
     * Records that retransforming the class failed after its weave was reported: the JVM kept the
     * previous code, so the recorded site table is not what runs. The class is not retried until the
     * next weave of it is reported.
     */
    public void onRetransformFailed(ClassKey key) {
        failed.add(key);
    }

    /**
     * Starts timing the weaves (from {@link #forClass} to {@link #onWoven}) done on the calling thread:
     * the controller thread uses it to split a retransformation's pause into weaving and the JVM's part.
     */
    public void startWeaveClock() {
        if (weaveClocks.get() == null) {
            weaveClocks.set(new WeaveClock());
        }
    }

    /** Nanoseconds spent in weaves on the calling thread since {@link #startWeaveClock()} (0 if not started). */
    public long weaveNanosOfThisThread() {
        WeaveClock clock = weaveClocks.get();
        return clock == null ? 0 : clock.total;
    }

    /** Number of classes with a recorded site table. */
    public int wovenClasses() {
        return woven.size();
    }

    private void markDirty(int siteId) {
        ClassKey key = classOfSite.get(siteId);
        if (key != null) {
            markDirty(key);
        }
    }

    private void markDirty(ClassKey key) {
        if (dirty.add(key)) {
            dirtyOrder.add(key);
        }
    }

    /** Adds a class's key to those of its name; a class, not a lambda: the start-up pass calls it (premain's time). */
    private static final class AddKey implements java.util.function.BiFunction<String, List<ClassKey>, List<ClassKey>> {
        private final ClassKey key;

        AddKey(ClassKey key) {
            this.key = key;
        }

        @Override
        public List<ClassKey> apply(String name, List<ClassKey> keys) {
            List<ClassKey> out = keys == null ? new ArrayList<>(1) : new ArrayList<>(keys);
            out.add(key);
            return List.copyOf(out);
        }
    }
}
