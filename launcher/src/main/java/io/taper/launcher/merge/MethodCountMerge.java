package io.taper.launcher.merge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Method counts: a method's entries add across runs; the counts are exact only if every run's were. */
final class MethodCountMerge implements AnalysisMerge {

    @Override
    public String analysis() {
        return "method-count";
    }

    @Override
    public Merged merge(List<MergeInput> inputs) {
        RowTable table = new RowTable("class", "method", "descriptor", "loader");
        List<Map<String, Object>> summaries = new ArrayList<>();
        for (MergeInput in : inputs) {
            in.rows().forEach(r -> table.add(r, (before, row, merged) -> { }));
            summaries.add(in.summary());
        }
        List<Map<String, Object>> rows = table.rows();
        Map<String, Object> summary = Figures.joinAll(summaries);
        summary.put("methodsEntered", (double) rows.size());
        summary.put("entries", rows.stream().mapToDouble(r -> Figures.num(r.get("entries"))).sum());
        Figures.allTrue(summary, summaries, "countsExact");
        return new Merged(rows, summary);
    }
}
