package io.taper.eval.report;

import io.taper.result.SfaRow;
import io.taper.eval.plan.RunKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Completeness and accuracy of stationary-field analysis (the paper's Tables 1 and 2): per workload,
 * the counts of fields by verdict (stationary or not) and category (dF, uF, ¬F) as minimum and range
 * over the runs; for adaptive, the difference from fixed; and the fields that one mode reports and
 * the other does not, or classifies differently.
 */
final class SfaTables {

    static final String ANALYSIS = "sfa";

    /** The counted columns, in table order. */
    private static final List<String> COLUMNS = List.of("fields", "S dF", "S uF", "S ¬F", "N dF", "N uF", "N ¬F");

    private SfaTables() {
    }

    static List<String> header() {
        List<String> h = new ArrayList<>(List.of("workload"));
        for (String c : COLUMNS) {
            h.add(c + " min");
            h.add(c + " range");
        }
        return h;
    }

    static TextTable fixed(EvalData d, String analysis) {
        TextTable t = new TextTable("Stationary fields, fixed: " + analysis + " (paper Table 1)", header());
        for (String w : d.workloads()) {
            List<List<SfaRow>> runs = fields(d, w, analysis, RunKind.FIXED);
            List<String> row = new ArrayList<>(List.of(w));
            List<long[]> mr = minRanges(runs);
            for (long[] v : mr) {
                row.add(v == null ? d.missingCell(w, analysis, RunKind.FIXED) : Long.toString(v[0]));
                row.add(v == null ? d.missingCell(w, analysis, RunKind.FIXED) : Long.toString(v[1]));
            }
            t.row(row);
        }
        t.note("Counts over the successful runs: minimum and range (max − min). S = stationary, N = non-stationary;"
                + " dF declared final, uF undeclared final (written only in the constructor), ¬F not final.");
        return t;
    }

    static TextTable adaptiveDifference(EvalData d, String analysis) {
        TextTable t = new TextTable("Stationary fields, adaptive − fixed: " + analysis + " (paper Table 2)", header());
        for (String w : d.workloads()) {
            List<long[]> fixed = minRanges(fields(d, w, analysis, RunKind.FIXED));
            List<long[]> adaptive = minRanges(fields(d, w, analysis, RunKind.ADAPTIVE));
            List<String> row = new ArrayList<>(List.of(w));
            for (int i = 0; i < COLUMNS.size(); i++) {
                long[] f = fixed.get(i);
                long[] a = adaptive.get(i);
                String missing = a == null ? d.missingCell(w, analysis, RunKind.ADAPTIVE) : d.missingCell(w, analysis, RunKind.FIXED);
                row.add(f == null || a == null ? missing : Fmt.signed(a[0] - f[0]));
                row.add(f == null || a == null ? missing : Fmt.signed(a[1] - f[1]));
            }
            t.row(row);
        }
        t.note("Adaptive minimum and range minus fixed minimum and range, as in the paper's Table 2.");
        return t;
    }

    static TextTable fieldSets(EvalData d, String analysis) {
        TextTable t = new TextTable("Stationary fields, fixed vs adaptive field sets: " + analysis,
                List.of("workload", "fields fixed", "fields adaptive", "only fixed", "only adaptive",
                        "classified differently", "examples")).textColumns(6);
        for (String w : d.workloads()) {
            List<List<SfaRow>> fixedRuns = fields(d, w, analysis, RunKind.FIXED);
            List<List<SfaRow>> adaptiveRuns = fields(d, w, analysis, RunKind.ADAPTIVE);
            if (fixedRuns.isEmpty() || adaptiveRuns.isEmpty()) {
                String f = fixedRuns.isEmpty() ? d.missingCell(w, analysis, RunKind.FIXED) : "";
                String a = adaptiveRuns.isEmpty() ? d.missingCell(w, analysis, RunKind.ADAPTIVE) : "";
                t.row(List.of(w, f.isEmpty() ? Integer.toString(verdicts(fixedRuns).size()) : f,
                        a.isEmpty() ? Integer.toString(verdicts(adaptiveRuns).size()) : a, "–", "–", "–", ""));
                continue;
            }
            Map<String, Set<String>> fixed = verdicts(fixedRuns);
            Map<String, Set<String>> adaptive = verdicts(adaptiveRuns);
            TreeSet<String> onlyFixed = new TreeSet<>(fixed.keySet());
            onlyFixed.removeAll(adaptive.keySet());
            TreeSet<String> onlyAdaptive = new TreeSet<>(adaptive.keySet());
            onlyAdaptive.removeAll(fixed.keySet());
            TreeSet<String> differently = new TreeSet<>();
            fixed.forEach((k, v) -> {
                if (adaptive.containsKey(k) && !adaptive.get(k).equals(v)) {
                    differently.add(k);
                }
            });
            List<String> examples = new ArrayList<>();
            onlyFixed.stream().limit(2).forEach(k -> examples.add("−" + k));
            onlyAdaptive.stream().limit(2).forEach(k -> examples.add("+" + k));
            differently.stream().limit(2).forEach(k -> examples.add("~" + k + " " + fixed.get(k) + "→" + adaptive.get(k)));
            t.row(List.of(w, Integer.toString(fixed.size()), Integer.toString(adaptive.size()),
                    Integer.toString(onlyFixed.size()), Integer.toString(onlyAdaptive.size()),
                    Integer.toString(differently.size()), String.join("; ", examples)));
        }
        t.note("Fields seen in any successful run of each mode. Classified differently: the set of verdicts a"
                + " field got over the fixed runs differs from the set over the adaptive runs.");
        return t;
    }

    /** One list of fields per successful run with a result. */
    static List<List<SfaRow>> fields(EvalData d, String w, String analysis, RunKind mode) {
        return d.results(w, analysis, mode).stream()
                .map(RunResult::sfaRows).toList();
    }

    /** Per column, {min, range} over the runs, or null with no runs. */
    private static List<long[]> minRanges(List<List<SfaRow>> runs) {
        List<long[]> out = new ArrayList<>();
        for (int c = 0; c < COLUMNS.size(); c++) {
            List<Long> values = new ArrayList<>();
            for (List<SfaRow> run : runs) {
                values.add(counts(run)[c]);
            }
            out.add(Stats.minRange(values));
        }
        return out;
    }

    /** total, then S dF, S uF, S ¬F, N dF, N uF, N ¬F. */
    static long[] counts(List<SfaRow> run) {
        long[] c = new long[COLUMNS.size()];
        for (SfaRow f : run) {
            c[0]++;
            c[1 + (f.stationary() ? 0 : 3) + SfaRow.CATEGORIES.indexOf(f.category())]++;
        }
        return c;
    }

    /** Field key → every verdict it got across the runs. */
    private static Map<String, Set<String>> verdicts(List<List<SfaRow>> runs) {
        Map<String, Set<String>> out = new TreeMap<>();
        runs.forEach(run -> run.forEach(f -> out.computeIfAbsent(f.key(), k -> new TreeSet<>()).add(f.outcome())));
        return out;
    }
}
