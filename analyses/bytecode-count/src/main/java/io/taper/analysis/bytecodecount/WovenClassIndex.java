package io.taper.analysis.bytecodecount;

import io.taper.runtime.FactText;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The woven classes by slot, as their facts sites name them; a class's layout is parsed when a reader first needs it.
 * At the end of a short run most woven classes never ran a method, and parsing every layout was most of the time of
 * the last write.
 */
final class WovenClassIndex implements IntFunction<ClassLayout> {

    /** Slot to the class's facts site, in the order a {@code HashMap} of slots iterates. */
    final Map<Integer, SiteInfo> sites = new HashMap<>();

    /** The classes woven so far. */
    static WovenClassIndex now() {
        WovenClassIndex index = new WovenClassIndex();
        for (SiteInfo s : SiteRegistry.all()) {
            int slot = s.location() == -1 ? FactText.number(s.staticContext(), ClassLayout.SLOT) : -1;
            if (slot >= 0) {
                index.sites.put(slot, s);
            }
        }
        return index;
    }

    /** The layout of the class in this slot (parsed once per site), or null if there is none or it is damaged. */
    @Override
    public ClassLayout apply(int slot) {
        SiteInfo s = sites.get(slot);
        return s == null ? null : ParsedLayouts.of(s);
    }
}
