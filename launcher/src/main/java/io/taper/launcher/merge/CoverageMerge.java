package io.taper.launcher.merge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Coverage, as JaCoCo's merge joins execution data: a class version (its name and class id) covers a probe if any run
 * covered it. Runs of another version of a class keep rows of their own. The summary's counts are the merged rows'.
 */
final class CoverageMerge implements AnalysisMerge {

    static final String PROBES = "probes";

    @Override
    public String analysis() {
        return "coverage";
    }

    @Override
    public Merged merge(List<MergeInput> inputs) {
        RowTable table = new RowTable("class", "classId");
        List<Map<String, Object>> summaries = new ArrayList<>();
        for (MergeInput in : inputs) {
            for (Map<String, Object> r : in.rows()) {
                table.add(r, (before, row, merged) -> {
                    if (before != null) {
                        merged.put(PROBES, or(before, row, in));
                    }
                });
            }
            summaries.add(in.summary());
        }
        List<Map<String, Object>> rows = table.rows();
        Map<String, Object> summary = Figures.joinAll(summaries);
        summary.put("classes", (double) rows.size());
        long probes = 0;
        long hit = 0;
        for (Map<String, Object> r : rows) {
            String p = String.valueOf(r.get(PROBES));
            probes += p.length();
            hit += p.chars().filter(c -> c == '1').count();
        }
        summary.put("probes", (double) probes);
        summary.put("probesHit", (double) hit);
        Figures.largest(summary, summaries, "classesOverflow");
        return new Merged(rows, summary);
    }

    private static String or(Map<String, Object> before, Map<String, Object> row, MergeInput in) {
        String a = String.valueOf(before.get(PROBES));
        String b = String.valueOf(row.get(PROBES));
        if (a.length() != b.length()) {
            throw new MergeException(in.source() + ": class " + row.get("class") + " (id " + row.get("classId") + ") has "
                + b.length() + " probes, another input's " + a.length());
        }
        StringBuilder s = new StringBuilder(a.length());
        for (int i = 0; i < a.length(); i++) {
            s.append(a.charAt(i) == '1' || b.charAt(i) == '1' ? '1' : '0');
        }
        return s.toString();
    }
}
