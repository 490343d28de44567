package io.taper.eval.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.taper.eval.plan.RunKind;
import io.taper.eval.run.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Adaptive against fixed result tables, for any analysis: row counts, rows present in one mode only
 * (rows keyed by their text fields), and, for analyses whose removal is lossless, in how many rounds
 * the adaptive table equals the fixed one row for row.
 */
final class TableAgreement {

    private TableAgreement() {
    }

    static TextTable table(EvalData d, Set<String> lossless) {
        TextTable t = new TextTable("Result tables: adaptive vs fixed",
                List.of("workload", "analysis", "rows fixed", "rows adaptive", "keys only fixed", "keys only adaptive",
                        "identical rounds")).textColumns(1);
        for (String analysis : d.analyses()) {
            for (String w : d.workloads()) {
                List<RunResult> fixed = d.results(w, analysis, RunKind.FIXED);
                List<RunResult> adaptive = d.results(w, analysis, RunKind.ADAPTIVE);
                if (fixed.isEmpty() && adaptive.isEmpty()) {
                    continue;
                }
                Set<String> fixedKeys = keys(fixed);
                Set<String> adaptiveKeys = keys(adaptive);
                boolean both = !fixed.isEmpty() && !adaptive.isEmpty();
                t.row(List.of(w, analysis,
                        fixed.isEmpty() ? d.missingCell(w, analysis, RunKind.FIXED) : rowCount(fixed),
                        adaptive.isEmpty() ? d.missingCell(w, analysis, RunKind.ADAPTIVE) : rowCount(adaptive),
                        both ? Integer.toString(minus(fixedKeys, adaptiveKeys).size()) : "–",
                        both ? Integer.toString(minus(adaptiveKeys, fixedKeys).size()) : "–",
                        lossless.contains(analysis) ? identicalRounds(d, w, analysis)
                                + (d.log().interleaved().contains(w) ? " †" : "") : "n/a"));
            }
        }
        t.note("Row counts are medians. Keys: the rows' text fields, over all successful runs of a mode."
                + " Identical rounds (lossless analyses only: " + String.join(", ", new TreeSet<>(lossless))
                + "): rounds whose adaptive table equals the fixed table of the same round.");
        if (d.workloads().stream().anyMatch(d.log().interleaved()::contains)) {
            t.note("† Which code runs differs between any two runs of these workloads, fixed ones included (threads"
                    + " interleave differently: lock contention, lazy initialisation; or hash tables are seeded from the"
                    + " clock): a difference is not counted as a problem, and --audit (every event at a removed site"
                    + " checked) is the check of removal.");
        }
        return t;
    }

    /** "k/n": rounds with both tables, and how many of them are identical. */
    static String identicalRounds(EvalData d, String w, String analysis) {
        int both = 0;
        int same = 0;
        for (Map.Entry<Integer, List<Set<String>>> e : pairs(d, w, analysis).entrySet()) {
            both++;
            if (e.getValue().get(0).equals(e.getValue().get(1))) {
                same++;
            }
        }
        return same + "/" + both;
    }

    /** Round → {fixed rows, adaptive rows} (canonical), for rounds where both runs have a result. */
    static Map<Integer, List<Set<String>>> pairs(EvalData d, String w, String analysis) {
        Map<Integer, List<Set<String>>> out = new TreeMap<>();
        for (RunRecord f : d.okRuns(w, analysis, RunKind.FIXED)) {
            Optional<RunResult> fr = d.result(f);
            Optional<RunRecord> a = d.okRuns(w, analysis, RunKind.ADAPTIVE).stream()
                    .filter(x -> x.round() == f.round()).findFirst();
            Optional<RunResult> ar = a.flatMap(d::result);
            if (fr.isPresent() && ar.isPresent()) {
                out.put(f.round(), List.of(canonicalRows(fr.get()), canonicalRows(ar.get())));
            }
        }
        return out;
    }

    static Set<String> canonicalRows(RunResult r) {
        Set<String> rows = new TreeSet<>();
        r.rows().forEach(row -> rows.add(canonical(row)));
        return rows;
    }

    /** JSON text with object keys sorted, so equal rows compare equal whatever their key order. */
    static String canonical(JsonElement e) {
        if (e.isJsonObject()) {
            TreeMap<String, JsonElement> sorted = new TreeMap<>();
            e.getAsJsonObject().entrySet().forEach(x -> sorted.put(x.getKey(), x.getValue()));
            StringBuilder b = new StringBuilder("{");
            sorted.forEach((k, v) -> b.append(b.length() > 1 ? "," : "").append('"').append(k).append("\":")
                    .append(canonical(v)));
            return b.append('}').toString();
        }
        if (e.isJsonArray()) {
            List<String> items = new ArrayList<>();
            e.getAsJsonArray().forEach(x -> items.add(canonical(x)));
            return "[" + String.join(",", items) + "]";
        }
        return e.toString();
    }

    private static Set<String> keys(List<RunResult> results) {
        Set<String> keys = new TreeSet<>();
        for (RunResult r : results) {
            for (JsonObject row : r.rows()) {
                JsonObject key = new JsonObject();
                row.entrySet().stream()
                        .filter(e -> e.getValue().isJsonPrimitive() && e.getValue().getAsJsonPrimitive().isString())
                        .forEach(e -> key.add(e.getKey(), e.getValue()));
                keys.add(canonical(key));
            }
        }
        return keys;
    }

    /** The elements of {@code a} not in {@code b}, sorted. */
    static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> out = new TreeSet<>(a);
        out.removeAll(b);
        return out;
    }

    private static String rowCount(List<RunResult> results) {
        return Fmt.count(Stats.median(results.stream().map(r -> (double) r.rows().size()).toList()).getAsDouble());
    }
}
