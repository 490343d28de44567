package io.taper.weaver;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What to weave: the site ids to leave out and, for sites of snippet groups with variants, the variant
 * to weave. Immutable.
 */
public final class Deployment {

    public static final Deployment ALL_ENABLED = new Deployment(new int[0], Map.of());

    private final int[] disabled;  // sorted
    private final Map<Integer, String> variants;

    /**
     * @param disabled site ids not to weave
     * @param variants site id → variant name (an unknown name weaves the group's default variant)
     */
    public Deployment(int[] disabled, Map<Integer, String> variants) {
        this.disabled = disabled.clone();
        Arrays.sort(this.disabled);
        this.variants = Map.copyOf(variants);
    }

    public static Deployment disabling(int... siteIds) {
        return new Deployment(siteIds, Map.of());
    }

    /** A copy with this site woven in the named variant. */
    public Deployment withVariant(int siteId, String variant) {
        Map<Integer, String> v = new HashMap<>(variants);
        v.put(siteId, variant);
        return new Deployment(disabled, v);
    }

    /** Every site woven in its default variant. */
    public boolean isDefault() {
        return disabled.length == 0 && variants.isEmpty();
    }

    public boolean isEnabled(int siteId) {
        return disabled.length == 0 || Arrays.binarySearch(disabled, siteId) < 0;
    }

    /** The requested variant, or null. */
    public String variant(int siteId) {
        return variants.isEmpty() ? null : variants.get(siteId);
    }
}
