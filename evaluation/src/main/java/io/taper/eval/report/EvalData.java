package io.taper.eval.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.taper.eval.plan.RunKind;
import io.taper.eval.run.AccuracyPass;
import io.taper.eval.run.RunLog;
import io.taper.eval.run.RunRecord;
import io.taper.eval.run.RunStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/** A finished (or interrupted) evaluation as the reports see it: the run log and each run's files. */
final class EvalData {

    private final Path outDir;
    private final RunLog log;
    private final Map<String, Optional<RunResult>> results = new HashMap<>();

    EvalData(Path outDir, RunLog log) {
        this.outDir = outDir;
        this.log = log;
    }

    RunLog log() {
        return log;
    }

    Path outDir() {
        return outDir;
    }

    List<RunRecord> all() {
        return log.runs();
    }

    /** Workload names in the order they first ran. */
    List<String> workloads() {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        log.runs().forEach(r -> names.add(r.workload()));
        return new ArrayList<>(names);
    }

    /** Analyses that ran instrumented, in the order they first ran. */
    List<String> analyses() {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        log.runs().stream().filter(r -> !r.analysis().isEmpty()).forEach(r -> names.add(r.analysis()));
        return new ArrayList<>(names);
    }

    /** The runs of one configuration; the analysis is ignored for the uninstrumented modes. */
    List<RunRecord> runs(String workload, String analysis, RunKind mode) {
        return log.runs().stream()
                .filter(r -> r.workload().equals(workload) && r.mode() == mode)
                .filter(r -> !mode.instrumented() || r.analysis().equals(analysis))
                .toList();
    }

    List<RunRecord> okRuns(String workload, String analysis, RunKind mode) {
        return runs(workload, analysis, mode).stream().filter(RunRecord::ok).toList();
    }

    /** Median wall time in seconds of the configuration's successful runs. */
    OptionalDouble medianWallSeconds(String workload, String analysis, RunKind mode) {
        return Stats.median(okRuns(workload, analysis, mode).stream().map(r -> r.wallMillis() / 1000.0).toList());
    }

    /**
     * Median whole-command time in seconds: the run's wall time plus its report step's ({@link RunRecord#wholeMillis}),
     * over the successful runs that made one (a JaCoCo run's report step); empty if none did.
     */
    OptionalDouble medianWholeSeconds(String workload, String analysis, RunKind mode) {
        return Stats.median(okRuns(workload, analysis, mode).stream().filter(r -> r.reportMillis() > 0)
                .map(r -> r.wholeMillis() / 1000.0).toList());
    }

    /** Median CPU seconds of the process tree, over the successful runs that measured it. */
    OptionalDouble medianCpuSeconds(String workload, String analysis, RunKind mode) {
        return Stats.median(okRuns(workload, analysis, mode).stream().filter(r -> r.cpuMillis() >= 0)
                .map(r -> r.cpuMillis() / 1000.0).toList());
    }

    Optional<RunResult> result(RunRecord r) {
        return results.computeIfAbsent(r.runDir(), d -> RunResult.load(outDir.resolve(d)));
    }

    /** The successful runs' results that exist. */
    List<RunResult> results(String workload, String analysis, RunKind mode) {
        return okRuns(workload, analysis, mode).stream().map(this::result).flatMap(Optional::stream).toList();
    }

    /** match / sad / mad of a run against the JFR profile, if the accuracy pass wrote them. */
    Optional<Accuracy> accuracy(RunRecord r) {
        return Accuracy.read(outDir.resolve(r.runDir()).resolve(AccuracyPass.FILE));
    }

    /**
     * A cell for a configuration with no successful run: "–" if it never ran, "timeout" if a run timed
     * out, else "failed".
     */
    String missingCell(String workload, String analysis, RunKind mode) {
        List<RunRecord> runs = runs(workload, analysis, mode);
        if (runs.isEmpty()) {
            return "–";
        }
        return runs.stream().anyMatch(r -> r.status() == RunStatus.TIMEOUT) ? "timeout" : "failed";
    }

    /** "ok/total" for a configuration. */
    String okCount(String workload, String analysis, RunKind mode) {
        return okRuns(workload, analysis, mode).size() + "/" + runs(workload, analysis, mode).size();
    }
}
