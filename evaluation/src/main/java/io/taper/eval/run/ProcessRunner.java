package io.taper.eval.run;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one command with a time limit, stdout and stderr going to files in a directory, and measures
 * its wall time and the CPU time of its whole process tree. CPU time comes from the shell's
 * {@code times} builtin (children's user + system time, which includes grandchildren the children
 * waited for), so the command runs under {@code bash} where there is one; without bash it runs
 * directly and CPU time is -1. On timeout the whole process tree is killed.
 */
public final class ProcessRunner {

    /** Files written into the run directory. */
    public static final String STDOUT = "stdout.txt";
    public static final String STDERR = "stderr.txt";
    static final String CPU_TIMES = "cpu-times.txt";

    private static final Path BASH = Path.of("/bin/bash");
    // Second line of `times`: the children's "user sys", e.g. "0m1.234s 0m0.056s".
    private static final Pattern TIMES = Pattern.compile("(\\d+)m([\\d.]+)s\\s+(\\d+)m([\\d.]+)s");

    /** How the command ended. {@code startError} is non-null if it could not be started at all. */
    public record Outcome(int exitCode, boolean timedOut, long wallMillis, long cpuMillis, String startError) {
    }

    private final boolean measureCpu;

    public ProcessRunner() {
        this(Files.isExecutable(BASH));
    }

    ProcessRunner(boolean measureCpu) {
        this.measureCpu = measureCpu;
    }

    public Outcome run(List<String> command, Path dir, Duration timeout) throws InterruptedException {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            return new Outcome(-1, false, 0, -1, "cannot create " + dir + ": " + e.getMessage());
        }
        Path timesFile = dir.resolve(CPU_TIMES);
        List<String> actual = new ArrayList<>();
        if (measureCpu) {
            actual.addAll(List.of(BASH.toString(), "-c", "\"$@\"; rc=$?; times > \"$TAPER_EVAL_TIMES\"; exit $rc",
                    "taper-eval"));
        }
        actual.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(actual)
                .redirectOutput(dir.resolve(STDOUT).toFile())
                .redirectError(dir.resolve(STDERR).toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("TAPER_EVAL_TIMES", timesFile.toString());
        long start = System.nanoTime();
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            return new Outcome(-1, false, 0, -1, "cannot start " + command.get(0) + ": " + e.getMessage());
        }
        boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!finished) {
            killTree(process);
        }
        long wall = (System.nanoTime() - start) / 1_000_000;
        int exit = finished ? process.exitValue() : -1;
        return new Outcome(exit, !finished, wall, finished ? childCpuMillis(timesFile) : -1, null);
    }

    /**
     * Kills the descendants first (the launcher's server and observed JVM), then the process, and waits
     * until they are gone, so that the next run does not share the cores with a dying one.
     */
    private static void killTree(Process process) throws InterruptedException {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
        for (ProcessHandle h : tree) {
            try {
                h.onExit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // an orphan nobody reaps stays a zombie: it no longer runs, which is what matters here
            }
        }
    }

    static long childCpuMillis(Path timesFile) {
        try {
            List<String> lines = Files.readAllLines(timesFile, StandardCharsets.UTF_8);
            return lines.size() < 2 ? -1 : parseTimesLine(lines.get(1));
        } catch (IOException e) {
            return -1;
        }
    }

    static long parseTimesLine(String line) {
        Matcher m = TIMES.matcher(line.trim());
        if (!m.matches()) {
            return -1;
        }
        double seconds = Long.parseLong(m.group(1)) * 60 + Double.parseDouble(m.group(2))
                + Long.parseLong(m.group(3)) * 60 + Double.parseDouble(m.group(4));
        return Math.round(seconds * 1000);
    }

    /** The last non-blank stdout line that is not the launcher's own ({@code [taper] ...}), or "". */
    public static String lastOutputLine(Path dir) {
        try {
            List<String> lines = Files.readAllLines(dir.resolve(STDOUT), StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i).strip();
                if (!l.isEmpty() && !l.startsWith("[taper")) {
                    return l;
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // no output file, or not UTF-8: no output line
        }
        return "";
    }

    /** The last {@code n} lines of stderr, joined, to say why a run failed. */
    public static String stderrTail(Path dir, int n) {
        try {
            List<String> lines = Files.readAllLines(dir.resolve(STDERR), StandardCharsets.ISO_8859_1);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - n), lines.size())).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
