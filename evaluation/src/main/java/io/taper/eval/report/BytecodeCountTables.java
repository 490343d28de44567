package io.taper.eval.report;

import com.google.gson.JsonObject;
import io.taper.result.ResultKeys.BytecodeRow;
import io.taper.eval.plan.RunKind;
import io.taper.result.ResultKeys.MethodRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Bytecode counts: adaptive against fixed. Per workload the total executed bytecodes of both modes (medians), the
 * adaptive total's error against fixed, the part of it adaptive mode extrapolated, and whether the top 20 methods by
 * bytecodes are the same set in both (the first successful run of each).
 */
final class BytecodeCountTables {

    static final String ANALYSIS = "bytecode-count";
    static final int TOP = 20;

    private BytecodeCountTables() {
    }

    static TextTable accuracy(EvalData d) {
        TextTable t = new TextTable("Bytecode counts: adaptive against fixed", List.of("workload", "fixed bytecodes",
            "adaptive bytecodes", "error", "extrapolated", "top " + TOP + " same"));
        for (String w : d.workloads()) {
            List<RunResult> fixed = d.results(w, ANALYSIS, RunKind.FIXED);
            List<RunResult> adaptive = d.results(w, ANALYSIS, RunKind.ADAPTIVE);
            if (fixed.isEmpty() || adaptive.isEmpty()) {
                t.row(List.of(w, fixed.isEmpty() ? d.missingCell(w, ANALYSIS, RunKind.FIXED) : "–",
                    adaptive.isEmpty() ? d.missingCell(w, ANALYSIS, RunKind.ADAPTIVE) : "–", "–", "–", "–"));
                continue;
            }
            OptionalDouble f = Stats.median(fixed.stream().map(BytecodeCountTables::total).toList());
            OptionalDouble a = Stats.median(adaptive.stream().map(BytecodeCountTables::total).toList());
            OptionalDouble x = Stats.median(adaptive.stream().map(BytecodeCountTables::extrapolated).toList());
            String error = f.isPresent() && a.isPresent() && f.getAsDouble() > 0
                ? Fmt.percent((a.getAsDouble() - f.getAsDouble()) / f.getAsDouble()) : "–";
            String share = x.isPresent() && a.isPresent() && a.getAsDouble() > 0
                ? Fmt.percent(x.getAsDouble() / a.getAsDouble()) : "–";
            Set<String> topFixed = top(fixed.get(0));
            Set<String> topAdaptive = top(adaptive.get(0));
            Set<String> common = new HashSet<>(topFixed);
            common.retainAll(topAdaptive);
            t.row(List.of(w, Fmt.or(f, Fmt::count, "–"), Fmt.or(a, Fmt::count, "–"), error, share,
                topFixed.equals(topAdaptive) ? "yes" : "no (" + common.size() + " of " + TOP + ")"));
        }
        t.note("Totals are summary.bytecodes (every thread's, extrapolated ones included), medians of the successful runs."
            + " Error: adaptive − fixed, of fixed. Extrapolated: the part of the adaptive total that entry-only methods'"
            + " extrapolation added. Top " + TOP + ": the methods ranking highest by bytecodes, as a set. JDK methods the"
            + " JIT replaces by intrinsics count differently from run to run in either mode.");
        return t;
    }

    private static double total(RunResult r) {
        return r.summaryNumber(BytecodeRow.TOTAL_BYTECODES).orElse(Double.NaN);
    }

    private static double extrapolated(RunResult r) {
        return r.summaryNumber(BytecodeRow.EXTRAPOLATED_BYTECODES).orElse(0);
    }

    static Set<String> top(RunResult r) {
        List<JsonObject> rows = new ArrayList<>(r.rows());
        rows.sort(Comparator.comparingDouble((JsonObject o) -> o.get(BytecodeRow.BYTECODES).getAsDouble()).reversed());
        Set<String> out = new HashSet<>();
        for (JsonObject o : rows.subList(0, Math.min(TOP, rows.size()))) {
            out.add(o.get(MethodRow.CLASS).getAsString() + "." + o.get(MethodRow.METHOD).getAsString()
                + o.get(MethodRow.DESCRIPTOR).getAsString());
        }
        return out;
    }
}
