package io.taper.eval.run;

import io.taper.eval.plan.RunKind;
import io.taper.eval.plan.RunPlan;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * After the runs: JaCoCo's report step for each JaCoCo run, what its users run after the program (JaCoCo's
 * {@code report} command, XML and HTML), over the class files the same round's Taper coverage run reported on
 * ({@code coverage-classes.jar}): the same classes on both sides. Its wall time becomes the run's
 * {@link RunRecord#reportMillis}, so that a JaCoCo run's whole command is compared with Taper's, whose own reports are
 * part of its run. A report step that fails, or finds no Taper run to take the class files from, is reported and
 * leaves 0.
 */
public final class JacocoReportPass {

    private final Path out;
    private final TaperCommand command;
    private final ProcessRunner runner;
    private final PrintStream progressOut;

    public JacocoReportPass(Path out, TaperCommand command, ProcessRunner runner, PrintStream progressOut) {
        this.out = out;
        this.command = command;
        this.runner = runner;
        this.progressOut = progressOut;
    }

    /** The records, each JaCoCo run's with its report step's time. */
    public List<RunRecord> run(List<RunRecord> records) throws InterruptedException {
        List<RunRecord> updated = new ArrayList<>(records.size());
        for (RunRecord r : records) {
            updated.add(r.ok() && r.mode() == RunKind.JACOCO && command.jacocoCli() != null ? report(records, r) : r);
        }
        return updated;
    }

    private RunRecord report(List<RunRecord> records, RunRecord r) throws InterruptedException {
        Path runDir = out.resolve(r.runDir());
        Path exec = runDir.resolve(TaperCommand.JACOCO_EXEC);
        Optional<Path> classes = classesFor(records, r);
        if (!Files.isRegularFile(exec) || classes.isEmpty()) {
            progressOut.println("[taper eval] JaCoCo report: no exec file or no Taper coverage run's class files for "
                    + r.runDir() + "; skipped");
            return r;
        }
        Path dir = runDir.resolve("jacoco-report");
        ProcessRunner.Outcome o = runner.run(command.jacocoReport(exec, classes.get(), dir), dir, Duration.ofMinutes(10));
        if (o.startError() != null || o.timedOut() || o.exitCode() != 0) {
            progressOut.println("[taper eval] JaCoCo report: failed for " + r.runDir() + " (exit " + o.exitCode() + "): "
                    + ProcessRunner.stderrTail(dir, 2));
            return r;
        }
        progressOut.printf("[taper eval] JaCoCo report: %s, %.1f s%n", r.runDir(), o.wallMillis() / 1000.0);
        return r.withReportMillis(o.wallMillis());
    }

    /** The class files of the same workload and round's Taper coverage run: the plain analysis's adaptive run first. */
    private Optional<Path> classesFor(List<RunRecord> records, RunRecord r) {
        List<RunRecord> candidates = records.stream()
                .filter(t -> t.ok() && t.mode().instrumented() && t.workload().equals(r.workload())
                        && t.round() == r.round() && TaperCommand.analysisOf(t.analysis()).equals(RunPlan.COVERAGE))
                .sorted((a, b) -> Integer.compare(rank(a), rank(b)))
                .toList();
        for (RunRecord t : candidates) {
            Path jar = out.resolve(t.runDir()).resolve(io.taper.result.ResultKeys.CoverageRow.CLASSES_JAR);
            if (Files.isRegularFile(jar)) {
                return Optional.of(jar);
            }
        }
        return Optional.empty();
    }

    private static int rank(RunRecord t) {
        return (t.analysis().equals(RunPlan.COVERAGE) ? 0 : 2) + (t.mode() == RunKind.ADAPTIVE ? 0 : 1);
    }
}
