package io.taper.eval.run;

import io.taper.eval.plan.RunKind;
import io.taper.eval.plan.RunPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * After the runs: compares each fixed and adaptive method-time result with the JFR recording of the
 * same workload and round, with {@code taper profile-accuracy --jfr REC RESULT --json}, and keeps the
 * answer as {@code accuracy.json} in the run's directory. A missing recording or a failing comparison
 * is reported on the progress stream and leaves no file; the report then shows the cell as missing.
 */
public final class AccuracyPass {

    /** The comparison's JSON output, inside the compared run's directory. */
    public static final String FILE = "accuracy.json";

    private final Path out;
    private final TaperCommand command;
    private final ProcessRunner runner;
    private final PrintStream progressOut;

    public AccuracyPass(Path out, TaperCommand command, ProcessRunner runner, PrintStream progressOut) {
        this.out = out;
        this.command = command;
        this.runner = runner;
        this.progressOut = progressOut;
    }

    public void run(List<RunRecord> records) throws InterruptedException {
        for (RunRecord r : records) {
            if (!r.ok() || !r.analysis().equals(RunPlan.METHOD_TIME) || !r.mode().instrumented()) {
                continue;
            }
            Path result = out.resolve(r.runDir()).resolve("result.json");
            Optional<Path> recording = recordingFor(records, r);
            if (recording.isEmpty() || !Files.isRegularFile(result)) {
                progressOut.println("[taper eval] accuracy: no " + (recording.isEmpty() ? "JFR recording" : "result.json")
                        + " for " + r.runDir() + "; skipped");
                continue;
            }
            compare(r, recording.get(), result);
        }
    }

    private void compare(RunRecord r, Path recording, Path result) throws InterruptedException {
        Path dir = out.resolve(r.runDir()).resolve("accuracy");
        ProcessRunner.Outcome o = runner.run(command.profileAccuracy(recording, result), dir, Duration.ofMinutes(5));
        try {
            String json = Files.readString(dir.resolve(ProcessRunner.STDOUT), StandardCharsets.UTF_8).strip();
            if (o.exitCode() == 0 && json.startsWith("{")) {
                Files.writeString(out.resolve(r.runDir()).resolve(FILE), json, StandardCharsets.UTF_8);
                progressOut.println("[taper eval] accuracy: " + r.runDir() + "/" + FILE);
                return;
            }
        } catch (IOException e) {
            // reported below
        }
        progressOut.println("[taper eval] accuracy: profile-accuracy failed for " + r.runDir() + " (exit "
                + o.exitCode() + "): " + ProcessRunner.stderrTail(dir, 2));
    }

    private Optional<Path> recordingFor(List<RunRecord> records, RunRecord r) {
        return records.stream()
                .filter(j -> j.ok() && j.mode() == RunKind.JFR && j.workload().equals(r.workload()) && j.round() == r.round())
                .map(j -> out.resolve(j.runDir()).resolve(TaperCommand.RECORDING))
                .filter(Files::isRegularFile)
                .findFirst();
    }
}
