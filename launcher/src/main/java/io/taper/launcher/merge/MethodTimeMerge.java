package io.taper.launcher.merge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Method times: a method's calls and times add, its shortest and longest call are the shortest and longest of any run,
 * its mean is the merged total over the merged calls, and its deepest recursion the deepest; a method the controller
 * removed in any run is marked removed. Callers and the call tree join by the merged rows' new ids; per-thread figures
 * by thread name.
 */
final class MethodTimeMerge implements AnalysisMerge {

    @Override
    public String analysis() {
        return "method-time";
    }

    @Override
    public Merged merge(List<MergeInput> inputs) {
        RowTable table = new RowTable("class", "method", "descriptor", "loader");
        List<Map<String, Object>> summaries = new ArrayList<>();
        List<Map<Double, Map<String, Object>>> idsPerRun = new ArrayList<>();
        Map<Map<String, Object>, List<Object[]>> callers = new IdentityHashMap<>();   // merged row -> (run, caller entry)
        for (int run = 0; run < inputs.size(); run++) {
            MergeInput in = inputs.get(run);
            Map<Double, Map<String, Object>> ids = new HashMap<>();
            for (Map<String, Object> r : in.rows()) {
                Map<String, Object> merged = table.add(r, MethodTimeMerge::rules);
                if (r.get("id") instanceof Number id) {
                    ids.put(id.doubleValue(), merged);
                }
                if (r.get("callers") instanceof List<?> cs) {
                    for (Object c : cs) {
                        callers.computeIfAbsent(merged, k -> new ArrayList<>()).add(new Object[] {run, c});
                    }
                }
            }
            idsPerRun.add(ids);
            summaries.add(in.summary());
        }
        List<Map<String, Object>> rows = table.rows();
        NewIds.assign(rows);
        List<Map<Double, Double>> mappings = idsPerRun.stream().map(NewIds::mapping).toList();
        for (Map<String, Object> row : rows) {
            if (row.containsKey("callers")) {
                row.put("callers", callers(callers.getOrDefault(row, List.of()), mappings));
            }
        }
        Map<String, Object> summary = Figures.joinAll(summaries);
        summary.put("methods", (double) rows.size());
        if (summary.containsKey("threadTimes")) {
            summary.put("threadTimes", Figures.joinByName(summary.get("threadTimes"), "thread"));
        }
        if (summary.get("unmatchedExitMethods") instanceof List<?> l) {
            summary.put("unmatchedExitMethods", new ArrayList<>(new LinkedHashSet<>(l)));
        }
        Map<String, Object> tree = NewIds.callTree(inputs, idsPerRun, rows.size());
        if (tree != null) {
            summary.put(CallTreeMerge.CALL_TREE, tree);
        }
        return new Merged(rows, summary);
    }

    private static void rules(Map<String, Object> before, Map<String, Object> row, Map<String, Object> merged) {
        if (merged.containsKey("callers")) {
            merged.put("callers", List.of());   // joined at the end, by the new ids
        }
        if (before == null) {
            return;
        }
        boolean beforeCalled = Figures.num(before.get("invocations")) > 0;
        boolean rowCalled = Figures.num(row.get("invocations")) > 0;
        double min = Math.min(beforeCalled ? Figures.num(before.get("minNanos")) : Double.MAX_VALUE,
            rowCalled ? Figures.num(row.get("minNanos")) : Double.MAX_VALUE);
        merged.put("minNanos", min == Double.MAX_VALUE ? Figures.num(before.get("minNanos")) : min);
        merged.put("maxNanos", Math.max(Figures.num(before.get("maxNanos")), Figures.num(row.get("maxNanos"))));
        merged.put("maxRecursion", Math.max(Figures.num(before.get("maxRecursion")), Figures.num(row.get("maxRecursion"))));
        double calls = Figures.num(merged.get("invocations"));
        merged.put("meanNanos", calls > 0 ? Figures.num(merged.get("totalNanos")) / calls : 0.0);
    }

    /** A row's callers by the merged ids, calls and nanos added per caller (negative callers, the roots, stay). */
    private static List<Object> callers(List<Object[]> entries, List<Map<Double, Double>> mappings) {
        Map<Double, Map<String, Object>> by = new LinkedHashMap<>();
        for (Object[] e : entries) {
            if (!(e[1] instanceof Map<?, ?> c)) {
                continue;
            }
            double caller = Figures.num(c.get("caller"));
            double merged = caller < 0 ? caller : mappings.get((Integer) e[0]).getOrDefault(caller, caller);
            Map<String, Object> m = by.computeIfAbsent(merged, k -> {
                Map<String, Object> n = new LinkedHashMap<>();
                n.put("caller", k);
                n.put("calls", 0.0);
                n.put("nanos", 0.0);
                return n;
            });
            m.put("calls", Figures.num(m.get("calls")) + Figures.num(c.get("calls")));
            m.put("nanos", Figures.num(m.get("nanos")) + Figures.num(c.get("nanos")));
        }
        return new ArrayList<>(by.values());
    }
}
