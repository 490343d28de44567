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
 * After the runs: compares each fixed and adaptive coverage result with the JaCoCo agent's run of the same workload
 * and round, with {@code taper coverage-diff RUN EXEC --json}, and keeps the answer as {@value #FILE} in the run's
 * directory. A missing JaCoCo run or a failing comparison is reported and leaves no file.
 */
public final class CoverageAgreementPass {

    /** The comparison's JSON output, inside the compared run's directory. */
    public static final String FILE = "coverage-agreement.json";

    private final Path out;
    private final TaperCommand command;
    private final ProcessRunner runner;
    private final PrintStream progressOut;

    public CoverageAgreementPass(Path out, TaperCommand command, ProcessRunner runner, PrintStream progressOut) {
        this.out = out;
        this.command = command;
        this.runner = runner;
        this.progressOut = progressOut;
    }

    public void run(List<RunRecord> records) throws InterruptedException {
        for (RunRecord r : records) {
            if (!r.ok() || !TaperCommand.analysisOf(r.analysis()).equals(RunPlan.COVERAGE) || !r.mode().instrumented()) {
                continue;
            }
            Optional<Path> exec = jacocoFor(records, r);
            if (exec.isEmpty()) {
                progressOut.println("[taper eval] coverage agreement: no JaCoCo run for " + r.runDir() + "; skipped");
                continue;
            }
            compare(r, exec.get());
        }
    }

    private void compare(RunRecord r, Path exec) throws InterruptedException {
        Path dir = out.resolve(r.runDir()).resolve("coverage-agreement");
        ProcessRunner.Outcome o = runner.run(command.coverageDiff(out.resolve(r.runDir()), exec), dir, Duration.ofMinutes(5));
        try {
            String json = Files.readString(dir.resolve(ProcessRunner.STDOUT), StandardCharsets.UTF_8).strip();
            if ((o.exitCode() == 0 || o.exitCode() == 1) && json.startsWith("{")) {
                Files.writeString(out.resolve(r.runDir()).resolve(FILE), json, StandardCharsets.UTF_8);
                progressOut.println("[taper eval] coverage agreement: " + r.runDir() + "/" + FILE);
                return;
            }
        } catch (IOException e) {
            // reported below
        }
        progressOut.println("[taper eval] coverage agreement: coverage-diff failed for " + r.runDir() + " (exit "
                + o.exitCode() + "): " + ProcessRunner.stderrTail(dir, 2));
    }

    private Optional<Path> jacocoFor(List<RunRecord> records, RunRecord r) {
        return records.stream()
                .filter(j -> j.ok() && j.mode() == RunKind.JACOCO && j.workload().equals(r.workload()) && j.round() == r.round())
                .map(j -> out.resolve(j.runDir()).resolve(TaperCommand.JACOCO_EXEC))
                .filter(Files::isRegularFile)
                .findFirst();
    }
}
