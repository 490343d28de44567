package io.taper.launcher.merge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Call trees ({@code summary.callTree}: nodes {@code [parent, method id, calls, nanos, waiting nanos]}, a parent's index
 * before its children's) joined by path: two nodes are one when their parents are one and their methods are the same
 * merged row. Calls and times add; the tree keeps what every run kept, so its cut-off ({@code minNanos}) is the
 * largest of the runs'.
 */
final class CallTreeMerge {

    static final String CALL_TREE = "callTree";
    static final String NODES = "nodes";

    private final List<List<Double>> nodes = new ArrayList<>();
    /** The next id for a method a tree names without a row (a run's own id could be another merged row's). */
    private double nextUnknownId;
    private final Map<String, Integer> byPath = new HashMap<>();
    private final List<Map<String, Object>> trees = new ArrayList<>();

    /**
     * Adds one run's tree.
     *
     * @param ids the run's method ids and the merged rows' ids they became (negative ids, the tree's own, stay)
     */
    /** @param firstFreeId the first id no merged row has */
    CallTreeMerge(double firstFreeId) {
        this.nextUnknownId = firstFreeId;
    }

    @SuppressWarnings("unchecked")
    void add(Map<String, Object> tree, Map<Double, Double> ids) {
        Map<Double, Double> unknown = new HashMap<>();
        trees.add(tree);
        if (!(tree.get(NODES) instanceof List<?> list)) {
            return;
        }
        int[] merged = new int[list.size()];
        for (int i = 0; i < list.size(); i++) {
            List<Object> n = (List<Object>) list.get(i);
            int parent = (int) Figures.num(n.get(0));
            if (parent >= i) {
                throw new MergeException("a call tree whose node " + i + " comes before its parent " + parent);
            }
            int mergedParent = parent < 0 ? -1 : merged[parent];
            double id = Figures.num(n.get(1));
            Double known = ids.get(id);
            double mergedId = id < 0 ? id : known != null ? known : unknown.computeIfAbsent(id, k -> nextUnknownId++);
            String path = mergedParent + "/" + mergedId;
            Integer at = byPath.get(path);
            if (at == null) {
                at = nodes.size();
                byPath.put(path, at);
                List<Double> node = new ArrayList<>(List.of((double) mergedParent, mergedId, 0.0, 0.0, 0.0));
                nodes.add(node);
            }
            List<Double> node = nodes.get(at);
            for (int f = 2; f < Math.min(5, n.size()); f++) {
                node.set(f, node.get(f) + Figures.num(n.get(f)));
            }
            merged[i] = at;
        }
    }

    /** The merged tree, or null if no run had one. */
    Map<String, Object> tree() {
        if (trees.isEmpty()) {
            return null;
        }
        List<Map<String, Object>> withoutNodes = new ArrayList<>();
        for (Map<String, Object> t : trees) {
            Map<String, Object> c = new LinkedHashMap<>(t);
            c.remove(NODES);
            withoutNodes.add(c);
        }
        Map<String, Object> out = Figures.joinAll(withoutNodes);
        Figures.largest(out, withoutNodes, "minNanos");
        if (out.containsKey("exported")) {
            out.put("exported", (double) nodes.size());
        }
        out.put(NODES, new ArrayList<>(nodes));
        return out;
    }
}
