package io.taper.eval.report;

import io.taper.eval.run.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Correctness of an evaluation, independent of timing: runs that failed or timed out, instrumented
 * runs without result rows, workloads whose output changed between runs or modes (instrumentation
 * must not change what the program computes), and lossless analyses whose adaptive table differs from
 * the fixed one (except for workloads whose threads interleave differently in every run, which the audit
 * checks instead). {@code ./taper eval --check} fails on any of these; no time limit is ever checked.
 */
final class RunChecks {

    private RunChecks() {
    }

    static List<String> problems(EvalData d, Set<String> lossless) {
        List<String> out = new ArrayList<>();
        for (RunRecord r : d.all()) {
            if (!r.ok()) {
                out.add(r.runDir() + ": " + r.status() + " " + r.error());
            } else if (r.mode().instrumented()) {
                Optional<RunResult> result = d.result(r);
                if (result.isEmpty()) {
                    out.add(r.runDir() + ": no readable result.json");
                } else if (result.get().rows().isEmpty()) {
                    out.add(r.runDir() + ": result.json has no rows");
                }
                if (result.isPresent() && result.get().audit().isPresent() && lossless.contains(r.analysis())) {
                    com.google.gson.JsonObject a = result.get().audit().get();
                    double violations = a.has("violations") ? a.get("violations").getAsDouble() : 0;
                    if (violations > 0) {
                        out.add(r.runDir() + ": the audit found " + (long) violations + " violation(s) of removal, first: "
                                + (a.get("first") instanceof com.google.gson.JsonArray f && f.size() > 0 ? f.get(0) : "?"));
                    }
                }
            }
        }
        for (String w : d.workloads()) {
            Set<String> outputs = outputs(d, w);
            if (d.log().deterministic().contains(w) && outputs.size() > 1) {
                out.add(w + ": output differs between runs: " + String.join(" / ", outputs));
            }
            for (String analysis : d.analyses()) {
                if (!lossless.contains(analysis) || d.log().interleaved().contains(w)) {
                    continue;
                }
                for (Map.Entry<Integer, List<Set<String>>> e : TableAgreement.pairs(d, w, analysis).entrySet()) {
                    Set<String> fixed = e.getValue().get(0);
                    Set<String> adaptive = e.getValue().get(1);
                    if (!fixed.equals(adaptive)) {
                        out.add(w + " " + analysis + " round " + e.getKey() + ": adaptive table differs from fixed ("
                                + TableAgreement.minus(fixed, adaptive).size() + " rows only fixed, "
                                + TableAgreement.minus(adaptive, fixed).size() + " only adaptive; e.g. "
                                + example(fixed, adaptive) + ")");
                    }
                }
            }
        }
        return out;
    }

    static TextTable outputTable(EvalData d) {
        TextTable t = new TextTable("Workload output",
                List.of("workload", "ok runs", "distinct outputs", "agree", "output")).textColumns(3, 4);
        for (String w : d.workloads()) {
            Set<String> outputs = outputs(d, w);
            long ok = d.all().stream().filter(r -> r.workload().equals(w) && r.ok()).count();
            String agree = !d.log().deterministic().contains(w) ? "n/a" : outputs.size() <= 1 ? "yes" : "NO";
            t.row(List.of(w, Long.toString(ok), Integer.toString(outputs.size()), agree, String.join(" / ", outputs)));
        }
        t.note("The workload's last line on stdout over all successful runs of every mode. The built-in drivers print"
                + " a checksum of what they computed there, so instrumentation must leave it unchanged.");
        return t;
    }

    /** Audited adaptive runs: sites audited, events at them, violations (for lossless analyses the bar is 0). */
    static TextTable auditTable(EvalData d) {
        TextTable t = new TextTable("Audit of removals", List.of("run", "sites removed", "events after removal",
                "violations")).textColumns(0);
        for (RunRecord r : d.all()) {
            Optional<RunResult> result = r.ok() ? d.result(r) : Optional.empty();
            if (result.isEmpty() || result.get().audit().isEmpty()) {
                continue;
            }
            com.google.gson.JsonObject a = result.get().audit().get();
            t.row(List.of(r.runDir(), number(a, "sitesAudited"), number(a, "eventsAfterRemoval"), number(a, "violations")));
        }
        t.note("With --audit, adaptive runs keep removed sites running and check each of their events: a violation is "
                + "an event that removal would have lost and that changes the result. Lossless analyses must have none; "
                + "for counting and timing analyses the events are what removal drops by design.");
        return t;
    }

    private static String number(com.google.gson.JsonObject o, String key) {
        return o.has(key) ? Long.toString(o.get(key).getAsLong()) : "-";
    }

    static TextTable failureTable(EvalData d) {
        TextTable t = new TextTable("Failed and timed-out runs", List.of("run", "status", "wall [s]", "error")).textColumns(1, 3);
        for (RunRecord r : d.all()) {
            if (!r.ok()) {
                t.row(List.of(r.runDir(), r.status().label(),
                        Fmt.seconds(r.wallMillis() / 1000.0), r.error()));
            }
        }
        return t;
    }

    private static Set<String> outputs(EvalData d, String w) {
        Set<String> outputs = new TreeSet<>();
        d.all().stream().filter(r -> r.workload().equals(w) && r.ok()).forEach(r -> outputs.add(r.output()));
        return outputs;
    }

    private static String example(Set<String> fixed, Set<String> adaptive) {
        Set<String> a = TableAgreement.minus(fixed, adaptive);
        if (!a.isEmpty()) {
            return "−" + a.iterator().next();
        }
        return "+" + TableAgreement.minus(adaptive, fixed).iterator().next();
    }
}
