package io.taper.eval.report;

import io.taper.eval.run.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/** runs.csv: one line per run with the harness's measurements and the run's main statistics. */
final class CsvReport {

    static final List<String> COLUMNS = List.of("workload", "analysis", "mode", "round", "status", "exit_code",
            "wall_ms", "cpu_ms", "jvm_cpu_ms", "rows", "sites_woven", "sites_active", "sites_removed", "sites_switched_off", "batches", "pause_ms",
            "server_cpu_ms", "removal_events", "match", "sad", "mad", "output", "run_dir", "error");

    private CsvReport() {
    }

    static String render(EvalData d) {
        StringBuilder b = new StringBuilder(String.join(",", COLUMNS)).append('\n');
        for (RunRecord r : d.all()) {
            Optional<RunResult> result = d.result(r);
            Optional<Accuracy> accuracy = d.accuracy(r);
            List<String> cells = new ArrayList<>(List.of(r.workload(), r.analysis(), r.mode().id(),
                    Integer.toString(r.round()), r.status().label(),
                    Integer.toString(r.exitCode()), Long.toString(r.wallMillis()),
                    r.cpuMillis() < 0 ? "" : Long.toString(r.cpuMillis()), stat(result, RunResult.Stat.JVM_CPU_MILLIS),
                    result.map(x -> Integer.toString(x.rows().size())).orElse("")));
            cells.add(stat(result, RunResult.Stat.SITES_WOVEN));
            cells.add(stat(result, RunResult.Stat.SITES_ACTIVE));
            cells.add(stat(result, RunResult.Stat.SITES_REMOVED));
            cells.add(stat(result, RunResult.Stat.SITES_SWITCHED_OFF));
            cells.add(stat(result, RunResult.Stat.BATCHES));
            cells.add(stat(result, RunResult.Stat.PAUSE_MILLIS));
            cells.add(stat(result, RunResult.Stat.SERVER_CPU_MILLIS));
            cells.add(result.map(x -> x.removals().isEmpty() ? "" : Integer.toString(x.removals().size())).orElse(""));
            cells.add(accuracy.map(a -> number(OptionalDouble.of(a.match()))).orElse(""));
            cells.add(accuracy.map(a -> number(OptionalDouble.of(a.sad()))).orElse(""));
            cells.add(accuracy.map(a -> number(OptionalDouble.of(a.mad()))).orElse(""));
            cells.add(r.output());
            cells.add(r.runDir());
            cells.add(r.error());
            b.append(String.join(",", cells.stream().map(CsvReport::escape).toList())).append('\n');
        }
        return b.toString();
    }

    private static String stat(Optional<RunResult> result, RunResult.Stat s) {
        return result.map(x -> number(x.stat(s))).orElse("");
    }

    /** Whole numbers without a fraction, others as they are. */
    static String number(OptionalDouble v) {
        if (v.isEmpty()) {
            return "";
        }
        double x = v.getAsDouble();
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }

    static String escape(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }
}
