package io.taper.eval.run;

import io.taper.eval.plan.Preset;
import io.taper.eval.plan.RunSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * Carries out a run plan, one launcher process at a time (the machine's cores belong to the run being
 * measured): a fresh directory per run, wall and CPU time, a time limit, and a progress line per run.
 * A failed or timed-out run is recorded and the rest go on.
 */
public final class Evaluation {

    private final Path out;
    private final Preset preset;
    private final Duration timeout;
    private final TaperCommand command;
    private final ProcessRunner runner;
    private final PrintStream progressOut;
    private final LongSupplier clockMillis;

    public Evaluation(Path out, Preset preset, Duration timeout, TaperCommand command, ProcessRunner runner,
                      PrintStream progressOut, LongSupplier clockMillis) {
        this.out = out;
        this.preset = preset;
        this.timeout = timeout;
        this.command = command;
        this.runner = runner;
        this.progressOut = progressOut;
        this.clockMillis = clockMillis;
    }

    /** Runs the plan; {@code log} (without runs) is rewritten to {@code out/runs.json} after every run. */
    public RunLog run(List<RunSpec> plan, RunLog log) throws IOException, InterruptedException {
        Progress progress = new Progress(plan, clockMillis);
        List<RunRecord> records = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            RunSpec spec = plan.get(i);
            progressOut.println("[taper eval] " + progress.startLine(i));
            RunRecord r = runOne(spec);
            progress.finished(spec, r.wallMillis());
            progressOut.println("[taper eval]   " + describe(r));
            records.add(r);
            log = log.withRuns(records);
            log.write(out);
        }
        return log;
    }

    RunRecord runOne(RunSpec spec) throws IOException, InterruptedException {
        Path dir = out.resolve(spec.dirName());
        deleteRecursively(dir); // a stale result.json from an earlier evaluation must not be read as this run's
        ProcessRunner.Outcome o = runner.run(command.run(spec, preset, dir), dir, timeout);
        if (spec.mode().instrumented() && TaperCommand.coldCache(spec.analysis())) {
            deleteRecursively(dir.resolve(TaperCommand.COLD_CACHE_DIR));   // the run's own cache: its weaves, not kept
        }
        String output = ProcessRunner.lastOutputLine(dir);
        if (o.startError() != null) {
            return RunRecord.of(spec, RunStatus.FAILED, -1, 0, -1, "", o.startError());
        }
        if (o.timedOut()) {
            return RunRecord.of(spec, RunStatus.TIMEOUT, -1, o.wallMillis(), -1, output,
                    "timed out after " + timeout.toSeconds() + " s");
        }
        if (o.exitCode() != 0) {
            return RunRecord.of(spec, RunStatus.FAILED, o.exitCode(), o.wallMillis(), o.cpuMillis(), output,
                    "exit code " + o.exitCode() + ": " + ProcessRunner.stderrTail(dir, 3));
        }
        return RunRecord.of(spec, RunStatus.OK, 0, o.wallMillis(), o.cpuMillis(), output, "")
                .withThroughput(Throughput.fromStdout(dir));
    }

    static String describe(RunRecord r) {
        String time = String.format("%.1f s", r.wallMillis() / 1000.0);
        return switch (r.status()) {
            case OK -> "ok " + time + (r.output().isEmpty() ? "" : "  " + r.output());
            case TIMEOUT -> "TIMEOUT " + time;
            case FAILED -> "FAILED " + time + "  " + r.error();
        };
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
