package io.taper.launcher.merge;

import io.taper.result.SfaRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stationary fields, joined conservatively: a field non-stationary in any run is non-stationary, its category is the
 * weakest any run saw (dF, then uF, then nF: written outside a constructor once is enough), and it was written if any
 * run saw a write. The summary's counts are the merged rows'.
 */
final class SfaMerge implements AnalysisMerge {

    @Override
    public String analysis() {
        return "sfa";
    }

    @Override
    public Merged merge(List<MergeInput> inputs) {
        RowTable table = new RowTable(SfaRow.CLASS, SfaRow.FIELD, SfaRow.DESCRIPTOR);
        List<Map<String, Object>> summaries = new ArrayList<>();
        for (MergeInput in : inputs) {
            for (Map<String, Object> r : in.rows()) {
                SfaRow.of(r);   // a row of another shape is refused here, with what is wrong
                table.add(r, SfaMerge::rules);
            }
            summaries.add(in.summary());
        }
        List<Map<String, Object>> rows = table.rows();
        Map<String, Object> summary = Figures.joinAll(summaries);
        summary.put("fields", (double) rows.size());
        for (String verdict : SfaRow.VERDICTS) {
            Map<String, Object> byCategory = new LinkedHashMap<>();
            for (String category : SfaRow.CATEGORIES) {
                byCategory.put(category, (double) rows.stream().filter(r -> verdict.equals(r.get(SfaRow.VERDICT))
                    && category.equals(r.get(SfaRow.CATEGORY))).count());
            }
            summary.put(verdict, byCategory);
        }
        return new Merged(rows, summary);
    }

    private static void rules(Map<String, Object> before, Map<String, Object> row, Map<String, Object> merged) {
        if (before == null) {
            return;
        }
        boolean stationary = SfaRow.STATIONARY.equals(before.get(SfaRow.VERDICT))
            && SfaRow.STATIONARY.equals(row.get(SfaRow.VERDICT));
        merged.put(SfaRow.VERDICT, stationary ? SfaRow.STATIONARY : SfaRow.NON_STATIONARY);
        int weakest = Math.max(SfaRow.CATEGORIES.indexOf(String.valueOf(before.get(SfaRow.CATEGORY))),
            SfaRow.CATEGORIES.indexOf(String.valueOf(row.get(SfaRow.CATEGORY))));
        merged.put(SfaRow.CATEGORY, SfaRow.CATEGORIES.get(weakest));
    }
}
