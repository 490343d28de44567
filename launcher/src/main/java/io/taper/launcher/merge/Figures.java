package io.taper.launcher.merge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The default join of two JSON values of results, for the figures an analysis's merge does not name: numbers add,
 * flags are true if true in any, text stays when it is the same and becomes {@value #MIXED} when not, lists are
 * concatenated and objects joined key by key.
 */
final class Figures {

    static final String MIXED = "mixed";

    private Figures() {
    }

    /** {@code a} and {@code b} joined; either may be null (absent). */
    @SuppressWarnings("unchecked")
    static Object join(Object a, Object b) {
        if (a == null) {
            return copy(b);
        }
        if (b == null) {
            return copy(a);
        }
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() + y.doubleValue();
        }
        if (a instanceof Boolean x && b instanceof Boolean y) {
            return x || y;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            return joinMaps((Map<String, Object>) x, (Map<String, Object>) y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            List<Object> all = new ArrayList<>(x);
            all.addAll(y);
            return all;
        }
        return a.equals(b) ? a : MIXED;
    }

    /** The maps joined key by key, {@code a}'s keys first. */
    static Map<String, Object> joinMaps(Map<String, Object> a, Map<String, Object> b) {
        Map<String, Object> out = new LinkedHashMap<>();
        a.forEach((k, v) -> out.put(k, join(v, b.get(k))));
        b.forEach((k, v) -> out.putIfAbsent(k, copy(v)));
        return out;
    }

    /** Every map joined, in order. */
    static Map<String, Object> joinAll(List<Map<String, Object>> maps) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map<String, Object> m : maps) {
            out = joinMaps(out, m);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object copy(Object v) {
        if (v instanceof Map<?, ?> m) {
            return joinMaps(new LinkedHashMap<>(), (Map<String, Object>) m);
        }
        if (v instanceof List<?> l) {
            return new ArrayList<>(l);
        }
        return v;
    }

    static double num(Object v) {
        return v instanceof Number n ? n.doubleValue() : 0;
    }

    /** True only if every map has the flag true (e.g. {@code countsExact}); absent when none has it. */
    static void allTrue(Map<String, Object> out, List<Map<String, Object>> maps, String key) {
        Boolean all = null;
        for (Map<String, Object> m : maps) {
            if (m.get(key) instanceof Boolean b) {
                all = (all == null || all) && b;
            }
        }
        if (all != null) {
            out.put(key, all);
        }
    }

    /** The largest of the maps' numbers at {@code key} (a figure that each run counts over the same things). */
    static void largest(Map<String, Object> out, List<Map<String, Object>> maps, String key) {
        Double max = null;
        for (Map<String, Object> m : maps) {
            if (m.get(key) instanceof Number n) {
                max = max == null ? n.doubleValue() : Math.max(max, n.doubleValue());
            }
        }
        if (max != null) {
            out.put(key, max);
        }
    }

    /** Entries of a list of objects with the same {@code name} joined (e.g. per-thread figures by thread name). */
    @SuppressWarnings("unchecked")
    static List<Object> joinByName(Object list, String name) {
        Map<Object, Map<String, Object>> by = new LinkedHashMap<>();
        if (list instanceof List<?> l) {
            for (Object o : l) {
                if (o instanceof Map<?, ?> m) {
                    Map<String, Object> e = (Map<String, Object>) m;
                    Map<String, Object> had = by.get(e.get(name));
                    Map<String, Object> joined = had == null ? joinMaps(new LinkedHashMap<>(), e) : joinMaps(had, e);
                    joined.put(name, e.get(name));
                    by.put(e.get(name), joined);
                }
            }
        }
        return new ArrayList<>(by.values());
    }
}
