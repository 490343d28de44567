package io.taper.launcher.merge;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Ids for merged rows (each run numbered its methods its own way), and the call trees that name rows by id. */
final class NewIds {

    private NewIds() {
    }

    /** Numbers the rows 1, 2, ... in their order. */
    static void assign(List<Map<String, Object>> rows) {
        double next = 1;
        for (Map<String, Object> r : rows) {
            if (r.containsKey("id")) {
                r.put("id", next++);
            }
        }
    }

    /** Each run's ids as the merged rows' (after {@link #assign}). */
    static Map<Double, Double> mapping(Map<Double, Map<String, Object>> runIds) {
        Map<Double, Double> m = new HashMap<>();
        runIds.forEach((old, row) -> m.put(old, Figures.num(row.get("id"))));
        return m;
    }

    /**
     * The runs' call trees ({@code summary.callTree}) joined by path, or null if none had one.
     *
     * @param rows the number of merged rows (ids 1 to {@code rows}, after {@link #assign})
     */
    static Map<String, Object> callTree(List<MergeInput> inputs, List<Map<Double, Map<String, Object>>> idsPerRun,
                                        int rows) {
        CallTreeMerge trees = new CallTreeMerge(rows + 1);
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i).summary().get(CallTreeMerge.CALL_TREE) instanceof Map<?, ?> t) {
                @SuppressWarnings("unchecked")
                Map<String, Object> tree = (Map<String, Object>) t;
                trees.add(tree, mapping(idsPerRun.get(i)));
            }
        }
        return trees.tree();
    }
}
