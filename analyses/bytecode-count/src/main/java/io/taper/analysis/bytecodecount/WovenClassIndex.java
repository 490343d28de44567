package io.taper.analysis.bytecodecount;

import io.taper.runtime.FactText;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.state.ThreadCounters;
import io.taper.runtime.state.ThreadFieldCounters;
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
    /** Slot to {base, size} of the classes that count in the thread's field ({@code ThreadFieldCounters}). */
    final Map<Integer, int[]> inField = new HashMap<>();

    /** The classes woven so far. */
    static WovenClassIndex now() {
        WovenClassIndex index = new WovenClassIndex();
        for (SiteInfo s : SiteRegistry.all()) {
            int slot = s.location() == -1 ? FactText.number(s.staticContext(), ClassLayout.SLOT) : -1;
            if (slot >= 0) {
                index.sites.put(slot, s);
                int base = FactText.number(s.staticContext(), ClassLayout.BASE);
                int size = FactText.number(s.staticContext(), ClassLayout.SIZE);
                if (base >= 0 && size >= 0) {
                    index.inField.put(slot, new int[] {base, size});
                }
            }
        }
        return index;
    }

    /**
     * The class's counts summed over every thread, from wherever it counts, or null if none of its counters moved
     * (read without parsing its layout).
     */
    long[] counted(int slot) {
        int[] f = inField.get(slot);
        if (f == null) {
            return ThreadCounters.sum(slot);
        }
        long[] counts = ThreadFieldCounters.sum(f[0], f[1]);
        return anyCounted(counts) ? counts : null;
    }

    /** Whether any of the counters moved. */
    static boolean anyCounted(long[] counts) {
        for (long c : counts) {
            if (c != 0) {
                return true;
            }
        }
        return false;
    }

    /** The class's counts summed over every thread, {@code layout.size()} of them. */
    static long[] sum(ClassLayout layout) {
        return layout.base() >= 0 ? ThreadFieldCounters.sum(layout.base(), layout.size())
            : ThreadCounters.sum(layout.slot(), layout.size());
    }

    /** The layout of the class in this slot (parsed once per site), or null if there is none or it is damaged. */
    @Override
    public ClassLayout apply(int slot) {
        SiteInfo s = sites.get(slot);
        return s == null ? null : ParsedLayouts.of(s);
    }
}
