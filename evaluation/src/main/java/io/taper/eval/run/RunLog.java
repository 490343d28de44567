package io.taper.eval.run;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * {@code <out>/runs.json}: how the evaluation was run and every run record. Rewritten after each run
 * (atomically), so an interrupted evaluation keeps what it measured and {@code --report-only} can
 * redraw the reports from it.
 *
 * @param preset   ci or full
 * @param jvmFlags the flags every configuration ran with
 * @param machine  e.g. "2 cores, OpenJDK 17.0.15"
 * @param started  ISO-8601 start time
 * @param deterministic the workloads whose last output line must agree across all their runs
 * @param interleaved   the workloads whose threads interleave differently in every run (see {@link
 *                      io.taper.eval.plan.Workload#interleaved()})
 */
public record RunLog(String preset, List<String> jvmFlags, String machine, String started,
                     List<String> deterministic, List<String> interleaved, List<RunRecord> runs) {

    public static final String FILE = "runs.json";

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    public RunLog {
        jvmFlags = List.copyOf(jvmFlags);
        deterministic = deterministic == null ? List.of() : List.copyOf(deterministic);
        interleaved = interleaved == null ? List.of() : List.copyOf(interleaved);
        runs = List.copyOf(runs);
    }

    public RunLog withRuns(List<RunRecord> newRuns) {
        return new RunLog(preset, jvmFlags, machine, started, deterministic, interleaved, newRuns);
    }

    public void write(Path outDir) throws IOException {
        Files.createDirectories(outDir);
        Path tmp = outDir.resolve(FILE + ".tmp");
        Files.writeString(tmp, GSON.toJson(this), StandardCharsets.UTF_8);
        Files.move(tmp, outDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static RunLog read(Path outDir) throws IOException {
        RunLog log = GSON.fromJson(Files.readString(outDir.resolve(FILE), StandardCharsets.UTF_8), RunLog.class);
        if (log == null || log.runs() == null) {
            throw new IOException(outDir.resolve(FILE) + " holds no runs");
        }
        return log;
    }
}
