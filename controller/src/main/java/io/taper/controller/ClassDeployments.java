package io.taper.controller;

import io.taper.runtime.SiteInfo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The single source of truth for the current deployment in this run: which sites are disabled and which
 * variant each site runs. The agent asks it before every WEAVE request and tells it the sites of every
 * WOVEN answer; the controller changes it and then retransforms the affected classes.
 */
public final class ClassDeployments {

    private static final ClassDeployments INSTANCE = new ClassDeployments();

    private final Set<Integer> disabled = ConcurrentHashMap.newKeySet();
    private final Map<Integer, String> variants = new ConcurrentHashMap<>();
    /** class key (loader tag + "/" + internal name) → site ids woven into it. */
    private final Map<String, int[]> sitesByClass = new ConcurrentHashMap<>();

    public static ClassDeployments get() {
        return INSTANCE;
    }

    static String key(int loaderTag, String internalName) {
        return loaderTag + "/" + internalName;
    }

    /** The deployment to weave this class with. */
    public ClassDeployment forClass(int loaderTag, String internalName) {
        int[] ids = sitesByClass.get(key(loaderTag, internalName));
        if (ids == null || (disabled.isEmpty() && variants.isEmpty())) {
            return ClassDeployment.ALL_ENABLED;
        }
        int n = 0;
        int[] off = new int[ids.length];
        Map<Integer, String> v = new HashMap<>();
        for (int id : ids) {
            if (disabled.contains(id)) {
                off[n++] = id;
            }
            String variant = variants.get(id);
            if (variant != null) {
                v.put(id, variant);
            }
        }
        return new ClassDeployment(java.util.Arrays.copyOf(off, n), v);
    }

    /** Records the site table the server returned for this class. */
    public void onWoven(int loaderTag, String internalName, List<SiteInfo> sites) {
        int[] ids = new int[sites.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = sites.get(i).id();
        }
        sitesByClass.put(key(loaderTag, internalName), ids);
    }

    public void disable(int siteId) {
        disabled.add(siteId);
    }

    public void enable(int siteId) {
        disabled.remove(siteId);
    }

    public void setVariant(int siteId, String variant) {
        if (variant == null || variant.isEmpty()) {
            variants.remove(siteId);
        } else {
            variants.put(siteId, variant);
        }
    }

    public boolean isDisabled(int siteId) {
        return disabled.contains(siteId);
    }
}
