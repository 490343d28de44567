package io.taper.launcher.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Methods in order of decreasing weight (inclusive samples or nanoseconds), ties broken by depth (a caller
 * before the callees that share its weight, as when every sample in a method is also in its caller) and
 * then by name, so a ranking is deterministic. Methods of weight 0 are left out: they were never seen.
 */
public final class Ranking {

    private final List<String> order;
    private final Map<String, Long> weights;
    private final Map<String, Integer> ranks = new HashMap<>();

    private Ranking(List<String> order, Map<String, Long> weights) {
        this.order = order;
        this.weights = weights;
        for (int i = 0; i < order.size(); i++) {
            ranks.put(order.get(i), i + 1);
        }
    }

    public static Ranking of(Map<String, Long> weights) {
        return of(weights, Map.of());
    }

    /** @param depth smallest distance of each method from the stack's root; absent ranks after present */
    public static Ranking of(Map<String, Long> weights, Map<String, Integer> depth) {
        List<String> order = new ArrayList<>();
        for (Map.Entry<String, Long> e : weights.entrySet()) {
            if (e.getValue() > 0) {
                order.add(e.getKey());
            }
        }
        order.sort((a, b) -> {
            int c = Long.compare(weights.get(b), weights.get(a));
            if (c == 0) {
                c = Integer.compare(depth.getOrDefault(a, Integer.MAX_VALUE), depth.getOrDefault(b, Integer.MAX_VALUE));
            }
            return c != 0 ? c : a.compareTo(b);
        });
        return new Ranking(Collections.unmodifiableList(order), Map.copyOf(weights));
    }

    /** Number of ranked methods. */
    public int size() {
        return order.size();
    }

    /** The first {@code n} methods (fewer if the ranking is shorter). */
    public List<String> top(int n) {
        return order.subList(0, Math.min(n, order.size()));
    }

    /** 1-based rank, or 0 if the method is not ranked. */
    public int rank(String method) {
        return ranks.getOrDefault(method, 0);
    }

    public long weight(String method) {
        return weights.getOrDefault(method, 0L);
    }
}
