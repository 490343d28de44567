package io.taper.launcher.merge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Bytecode counts: a method's invocations, bytecodes and bytecodes per kind add; its block count is the method's own
 * (the largest seen); a figure extrapolated in any run is marked so. Rows get new ids (each run numbered its own), and
 * a {@code --contexts} run's call tree joins by path.
 */
final class BytecodeCountMerge implements AnalysisMerge {

    @Override
    public String analysis() {
        return "bytecode-count";
    }

    @Override
    public Merged merge(List<MergeInput> inputs) {
        RowTable table = new RowTable("class", "method", "descriptor", "loader");
        List<Map<String, Object>> summaries = new ArrayList<>();
        List<Map<Double, Map<String, Object>>> idsPerRun = new ArrayList<>();
        for (MergeInput in : inputs) {
            Map<Double, Map<String, Object>> ids = new HashMap<>();
            for (Map<String, Object> r : in.rows()) {
                Map<String, Object> merged = table.add(r, (before, row, m) -> {
                    if (before != null) {
                        m.put("blocks", Math.max(Figures.num(before.get("blocks")), Figures.num(row.get("blocks"))));
                    }
                });
                if (r.get("id") instanceof Number id) {
                    ids.put(id.doubleValue(), merged);
                }
            }
            idsPerRun.add(ids);
            summaries.add(in.summary());
        }
        List<Map<String, Object>> rows = table.rows();
        NewIds.assign(rows);
        Map<String, Object> summary = Figures.joinAll(summaries);
        summary.put("classes", (double) new TreeSet<>(rows.stream().map(r -> String.valueOf(r.get("class"))).toList()).size());
        if (summary.containsKey("threads")) {
            summary.put("threads", Figures.joinByName(summary.get("threads"), "thread"));
        }
        Figures.allTrue(summary, summaries, "countsExact");
        Map<String, Object> tree = NewIds.callTree(inputs, idsPerRun, rows.size());
        if (tree != null) {
            summary.put(CallTreeMerge.CALL_TREE, tree);
        }
        return new Merged(rows, summary);
    }
}
