package io.taper.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A JVM that a test forks: the current JDK's {@code java} with the options and arguments the test gives, run to its
 * end (or killed at a time limit), its standard output and error kept in files of the test's directory.
 */
public final class ForkedJvm {

    /** What a forked JVM did. */
    public record Result(int exitCode, String stdout, String stderr, List<String> command, List<Path> crashReports) {

        /** The {@code key=value} lines of standard output (keys without spaces), in order; later ones win. */
        public Map<String, String> keyValues() {
            Map<String, String> kv = new LinkedHashMap<>();
            for (String line : stdout.split("\n")) {
                int eq = line.indexOf('=');
                if (eq > 0 && line.substring(0, eq).indexOf(' ') < 0) {
                    kv.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
            return kv;
        }

        /** Everything it printed, and the start of every crash report a JVM of the run left, for assertion messages. */
        public String output() {
            StringBuilder b = new StringBuilder("exit " + exitCode + "\n--- stdout:\n" + stdout + "\n--- stderr:\n" + stderr);
            for (Path report : crashReports) {
                b.append("\n--- crash report kept as ").append(report).append(":\n").append(head(report));
            }
            return b.toString();
        }

        private static String head(Path report) {
            try (Stream<String> lines = Files.lines(report, StandardCharsets.ISO_8859_1)) {
                return String.join("\n", lines.limit(CRASH_REPORT_LINES).toList());
            } catch (IOException | UncheckedIOException e) {
                return "(unreadable: " + e + ")";
            }
        }
    }

    private final List<String> command = new ArrayList<>();
    private long timeoutSeconds = 120;
    private boolean mergeErrors;

    private ForkedJvm(Path java) {
        command.add(java.toString());
    }

    /** The {@code java} of the JDK running the tests. */
    public static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** A JVM to fork with these first options (e.g. {@code -Xverify:all}). */
    public static ForkedJvm of(String... options) {
        return using(java(), options);
    }

    /** A JVM of another JDK ({@code java} executable) to fork with these first options. */
    public static ForkedJvm using(Path java, String... options) {
        return new ForkedJvm(java).add(List.of(options));
    }

    /** More options or arguments, in order. */
    public ForkedJvm add(String... parts) {
        return add(List.of(parts));
    }

    public ForkedJvm add(List<String> parts) {
        command.addAll(parts);
        return this;
    }

    /** The longest the JVM may run; then it is killed and the test fails. Default 120 s. */
    public ForkedJvm timeoutSeconds(long seconds) {
        this.timeoutSeconds = seconds;
        return this;
    }

    /** Standard error goes into standard output, interleaved as printed ({@link Result#stderr()} is then empty). */
    public ForkedJvm mergeErrors() {
        this.mergeErrors = true;
        return this;
    }

    /**
     * Runs the JVM to its end; its output goes to {@code NAME.stdout} and {@code NAME.stderr} in {@code dir}.
     *
     * @throws AssertionError if it did not end within the time limit (it is killed)
     */
    public Result run(Path dir, String name) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Map<Path, Long> before = crashReports(dir);
        Path out = dir.resolve(name + ".stdout");
        Path err = dir.resolve(name + ".stderr");
        ProcessBuilder b = new ProcessBuilder(command).redirectOutput(out.toFile());
        Process p = (mergeErrors ? b.redirectErrorStream(true) : b.redirectError(err.toFile())).start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            Path threads = dir.resolve(name + ".threads");
            String dumped = dumpThreads(p, threads);
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("the forked JVM did not finish in " + timeoutSeconds + " s: " + command
                    + "\n--- stdout:\n" + Files.readString(out, StandardCharsets.UTF_8)
                    + (mergeErrors ? "" : "\n--- stderr:\n" + Files.readString(err, StandardCharsets.UTF_8))
                    + "\n--- threads of its JVMs (" + threads + "):\n" + dumped);
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                mergeErrors ? "" : Files.readString(err, StandardCharsets.UTF_8), List.copyOf(command),
                keepCrashReports(dir, name, before));
    }

    /** Lines of a crash report that {@link Result#output} shows: the signal, the frame, the thread and its stack. */
    static final int CRASH_REPORT_LINES = 60;

    /** Where crash reports are kept: under the module's {@code target}, which outlives a test's directory. */
    static final Path CRASH_REPORTS = Path.of("target", "forked-jvm-crashes");

    /**
     * Copies the crash reports ({@code hs_err_pid*.log}) that the run's JVMs wrote under {@code dir} (those not there
     * {@code before} it, or changed since) to {@link #CRASH_REPORTS}: a test's directory is deleted after it, and a JVM
     * that crashed on a machine nobody can log in to must leave its report (the launcher writes its program's into the
     * run's work directory).
     */
    static List<Path> keepCrashReports(Path dir, String name, Map<Path, Long> before) {
        List<Path> kept = new ArrayList<>();
        try {
            for (Map.Entry<Path, Long> f : crashReports(dir).entrySet()) {
                if (f.getValue().equals(before.get(f.getKey()))) {
                    continue;   // an earlier run's in the same directory
                }
                Files.createDirectories(CRASH_REPORTS);
                Path to = CRASH_REPORTS.resolve(name + "-" + f.getKey().getFileName()).toAbsolutePath();
                Files.copy(f.getKey(), to, StandardCopyOption.REPLACE_EXISTING);
                kept.add(to);
            }
        } catch (IOException | UncheckedIOException e) {
            // the run's result stands without them
        }
        return List.copyOf(kept);
    }

    /** The crash reports under {@code dir} with their sizes and times (a rewritten one counts as new). */
    private static Map<Path, Long> crashReports(Path dir) {
        Map<Path, Long> m = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(ForkedJvm::isCrashReport).toList()) {
                m.put(f, Files.getLastModifiedTime(f).toMillis() * 31 + Files.size(f));
            }
        } catch (IOException | UncheckedIOException e) {
            // none found, then
        }
        return m;
    }

    private static boolean isCrashReport(Path f) {
        String n = f.getFileName().toString();
        return n.startsWith("hs_err_pid") && n.endsWith(".log") && Files.isRegularFile(f);
    }

    /**
     * The threads of a hung JVM and of every JVM it started (a launcher's server and program), as {@code jcmd} prints
     * them, written to {@code file} and returned: a hang on a machine nobody can log in to must say where it hung.
     */
    private static String dumpThreads(Process p, Path file) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        StringBuilder all = new StringBuilder();
        List<ProcessHandle> jvms = new ArrayList<>(List.of(p.toHandle()));
        p.descendants().forEach(jvms::add);
        for (ProcessHandle h : jvms) {
            all.append("=== pid ").append(h.pid()).append(": ").append(h.info().commandLine().orElse("?")).append('\n');
            try {
                Path printed = Files.createTempFile("taper-threads-", ".txt");
                Process j = new ProcessBuilder(jcmd.toString(), Long.toString(h.pid()), "Thread.print")
                        .redirectErrorStream(true).redirectOutput(printed.toFile()).start();
                if (!j.waitFor(30, TimeUnit.SECONDS)) {   // a JVM stuck at a safepoint does not answer
                    j.destroyForcibly();
                    all.append("(jcmd did not answer in 30 s)\n");
                }
                all.append(Files.readString(printed, StandardCharsets.UTF_8)).append('\n');
                Files.deleteIfExists(printed);
            } catch (IOException e) {
                all.append("(no dump: ").append(e).append(")\n");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            Files.writeString(file, all, StandardCharsets.UTF_8);
        } catch (IOException e) {
            all.append("(not written to ").append(file).append(": ").append(e).append(")\n");
        }
        return all.toString();
    }

    /** Runs the JVM under a fresh name in {@code dir}. */
    public Result run(Path dir) throws IOException, InterruptedException {
        Path out = Files.createTempFile(Files.createDirectories(dir), "forked-", ".stdout");
        return run(dir, out.getFileName().toString().replace(".stdout", ""));
    }

    /** A class path of the code sources (directories or jars) of these classes, without repeats. */
    public static String classPathOf(Class<?>... anchors) {
        List<String> parts = new ArrayList<>();
        for (Class<?> c : anchors) {
            String p = codeSource(c).toString();
            if (!parts.contains(p)) {
                parts.add(p);
            }
        }
        return String.join(File.pathSeparator, parts);
    }

    /** Where a class was loaded from. */
    public static Path codeSource(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
