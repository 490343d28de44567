package io.taper.launcher;

import io.taper.launcher.merge.MergeException;
import io.taper.launcher.merge.MergeInput;
import io.taper.launcher.merge.ResultMerge;
import io.taper.protocol.AttachState;
import io.taper.protocol.SharedServerStart;
import io.taper.protocol.StateSize;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.TaperConfigException;
import io.taper.result.Mode;
import io.taper.result.ResultFormat;
import io.taper.result.ResultKeys;
import io.taper.result.StartupPass;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./taper attach PID}: instruments a JVM that is already running, through the Attach API, until Ctrl-C, the
 * duration, {@code taper detach PID} or the program's end; then puts its original code back and writes the result and
 * reports as a launched run does.
 */
@Command(name = "attach", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Attaches Taper to a running JVM (same user, JDK 17+): weaves the classes it has loaded, in "
            + "batches, and every class it loads from then on. Prints 'attached to PID' once the program runs "
            + "instrumented. Ctrl-C, --duration, './taper detach PID' or the program's end ends the session: every "
            + "class Taper changed gets its original code back, Taper's threads end, and it prints 'detached from "
            + "PID'. The result goes to OUT (result.json and the analysis's reports; the agent's own files in "
            + "OUT/jvm-PID). Analyses that add fields to classes (sfa) cannot attach: a loaded class cannot gain "
            + "fields.",
            "Exit code: 0 detached, 1 the attach or the detach failed (the reason is printed), 2 bad options."},
        footer = {"", "Example:",
            "  ./taper attach 12345 --analysis method-time --duration 60 --out out/attached"})
public final class AttachCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PID", description = "The process id of the running JVM.")
    long pid;

    @Option(names = "--analysis", paramLabel = "NAME|JAR", defaultValue = "coverage",
            description = "Analysis: a built-in name or an analysis jar. Default: ${DEFAULT-VALUE}.")
    String analysis;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "adaptive", converter = RunCommand.ModeOption.class,
            description = "fixed or adaptive. Default: ${DEFAULT-VALUE}.")
    Mode mode;

    @Option(names = "--controller", paramLabel = "SPEC",
            description = "Controller strategy (as for 'taper run'). Default: the analysis's own in adaptive mode.")
    String controller;

    @Option(names = "--duration", paramLabel = "SECONDS", defaultValue = "0",
            description = "Detach after this many seconds; 0: at Ctrl-C, 'taper detach' or the program's end. "
                + "Default: ${DEFAULT-VALUE}.")
    long durationSeconds;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Directory for the result.")
    Path out;

    @Option(names = "--max-state", paramLabel = "SIZE", defaultValue = StateSize.DEFAULT,
            description = "Memory budget for the analysis's state in the JVM. Default: ${DEFAULT-VALUE}.")
    String maxState;

    @Option(names = "--cache", paramLabel = "DIR|off",
            description = "The woven-class cache, or off. Default: $XDG_CACHE_HOME/taper/woven, else ~/.cache/taper/woven.")
    String cache;

    @Option(names = "--server", paramLabel = "shared|own", defaultValue = "shared",
            description = "shared: the user's shared server (started if none runs); own: a server for this JVM alone, "
                + "started by its agent. Default: ${DEFAULT-VALUE}.")
    AgentCommand.ServerChoice server;

    @Option(names = "--server-dir", paramLabel = "DIR",
            description = "The shared server's directory, as for 'taper server'. Default: the user's, per Taper build.")
    Path serverDir;

    @Option(names = "--no-reports", description = "Write result.json only, not the analysis's reports.")
    boolean noReports;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing but the attach and detach lines and errors.")
    boolean quiet;

    /** How often the wait looks at the program, the clock and the state file. */
    static final long POLL_MILLIS = 100;
    /** How long a program that ended is given to finish its last result. */
    static final long FINAL_RESULT_WAIT_MILLIS = 15_000;

    private final PrintStream stdout;
    private final PrintStream err;

    public AttachCommand() {
        this(System.out, System.err);
    }

    AttachCommand(PrintStream stdout, PrintStream err) {
        this.stdout = stdout;
        this.err = err;
    }

    @Override
    public Integer call() {
        Path dir = out.toAbsolutePath().normalize();
        Path jvmDir = dir.resolve("jvm-" + pid);
        Path agentJar;
        try {
            JvmAttach.checkTarget(pid);
            if (durationSeconds < 0) {
                throw new LauncherException("--duration: expected 0 or more seconds");
            }
            TaperHome home = TaperHome.locate();
            Path jar = home.analysisJar(analysis);
            Properties descriptor = TaperHome.descriptor(jar);
            if (descriptor == null) {
                throw new LauncherException("cannot read META-INF/taper/analysis.properties from " + jar);
            }
            refuseMembers(descriptor);
            if (mode == Mode.NONE) {
                throw new LauncherException("--mode: an attached agent runs fixed or adaptive");
            }
            Files.createDirectories(dir);
            JvmAttach.clearEarlier(dir, jvmDir);
            AgentCommand agent = new AgentCommand(stdout, err, () -> home);
            agent.mode = mode;
            agent.controller = controller;
            agent.maxState = maxState;
            agent.cache = cache;
            agent.server = server;
            agent.serverDir = serverDir;
            agent.idleStopSeconds = SharedServerStart.DEFAULT_IDLE_STOP_SECONDS;
            // classes loaded before the attach are woven before 'attached' is printed; snapshots as in a launched run
            TaperConfig cfg = agent.config(home, jar, descriptor, dir)
                .with(TaperConfig.STARTUP_PASS, StartupPass.EAGER.key())
                .with(TaperConfig.SNAPSHOT_INTERVAL_MS, Integer.toString(TaperConfig.DEFAULT_SNAPSHOT_INTERVAL_MS));
            Path file = dir.resolve(AgentCommand.PROPERTIES);
            cfg.store(file);
            agentJar = home.agentJar();
            if (server == AgentCommand.ServerChoice.shared) {
                // started from here, not by the agent: the program's JVM then starts no process (and keeps no
                // thread waiting for one) for as long as the server runs
                SharedServerCommand.ensureRunning(home, new io.taper.protocol.SharedServerPaths(
                    Path.of(cfg.get(TaperConfig.SERVER_SHARED))), SharedServerStart.DEFAULT_IDLE_STOP_SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } catch (LauncherException | TaperConfigException e) {
            err.println("taper attach: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("taper attach: " + e);
            return 2;
        }

        Path attachState = dir.resolve(AttachState.FILE);
        Map<String, String> attached;
        try {
            JvmAttach.loadAgent(pid, agentJar, AttachState.attachArgs(dir.resolve(AgentCommand.PROPERTIES)));
            attached = AttachState.read(attachState);
        } catch (LauncherException e) {
            err.println("taper attach: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("taper attach: cannot read " + attachState + ": " + e);
            return 1;
        }
        if (!AttachState.ATTACHED.equals(attached.get(AttachState.KEY_STATE))) {
            err.println("taper attach: the attach to " + pid + " failed: "
                + attached.getOrDefault(AttachState.KEY_REASON, "the agent said nothing (see the JVM's stderr)"));
            writeResult(dir, jvmDir, attached, Map.of());
            return 1;
        }
        stdout.println("attached to " + pid + ": " + attached.get(AttachState.KEY_CLASSES) + " classes woven ("
            + attached.get(AttachState.KEY_BOOTSTRAP_CLASSES) + " of the bootstrap loader's) in "
            + attached.get(AttachState.KEY_MILLIS) + " ms (longest stall " + attached.get(AttachState.KEY_LONGEST_STALL_MILLIS)
            + " ms)");
        stdout.flush();

        Ending ending = new Ending(agentJar, dir, jvmDir, attachState, attached);
        // Ctrl-C or SIGTERM: the hook detaches and writes the result, as the end of the wait would
        Thread onSignal = new Thread(() -> ending.run(null), "taper-attach-end");
        Runtime.getRuntime().addShutdownHook(onSignal);
        String ended = waitForEnd(attachState);
        int code = ending.run(ended);
        try {
            Runtime.getRuntime().removeShutdownHook(onSignal);
        } catch (IllegalStateException e) {
            // the JVM is ending already: the hook found the work done
        }
        return code;
    }

    /** The session's end, once: the detach (unless it happened elsewhere or the program ended), then the result. */
    private final class Ending {
        private final Path agentJar;
        private final Path dir;
        private final Path jvmDir;
        private final Path attachState;
        private final Map<String, String> attached;
        private Integer code;

        Ending(Path agentJar, Path dir, Path jvmDir, Path attachState, Map<String, String> attached) {
            this.agentJar = agentJar;
            this.dir = dir;
            this.jvmDir = jvmDir;
            this.attachState = attachState;
            this.attached = attached;
        }

        /** @param ended why the session ended without this command's detach, or null to detach now */
        synchronized int run(String ended) {
            if (code != null) {
                return code;
            }
            boolean elsewhere = ended != null && ended.startsWith(DETACHED_ELSEWHERE);
            Map<String, String> detached = ended == null
                ? DetachCommand.detach(pid, agentJar, dir.resolve(DetachCommand.STATE_FILE))
                : elsewhere ? readQuietly(attachState) : Map.of();
            boolean ok = AttachState.DETACHED.equals(detached.get(AttachState.KEY_STATE));
            if (ended != null && !elsewhere) {
                err.println("taper attach: " + ended);
            } else if (!ok) {
                err.println("taper attach: the detach from " + pid + " failed: "
                    + detached.getOrDefault(AttachState.KEY_REASON, "the agent said nothing"));
            } else {
                stdout.println("detached from " + pid + ": " + detached.get(AttachState.KEY_CLASSES)
                    + " classes restored in " + detached.get(AttachState.KEY_MILLIS) + " ms (longest stall "
                    + detached.get(AttachState.KEY_LONGEST_STALL_MILLIS) + " ms)");
                stdout.flush();
            }
            boolean written = writeResult(dir, jvmDir, attached, detached);
            code = written && (ok || ended != null && ended.startsWith(PROGRAM_ENDED)) ? 0 : 1;
            return code;
        }
    }

    static final String DETACHED_ELSEWHERE = "detached by 'taper detach'";
    static final String PROGRAM_ENDED = "the program ended";

    /**
     * Waits for the duration, or for the program's end or a detach by another command (then says which); null when
     * this command is to detach now.
     */
    private String waitForEnd(Path attachState) {
        long deadline = durationSeconds > 0 ? System.nanoTime() + durationSeconds * 1_000_000_000L : Long.MAX_VALUE;
        while (System.nanoTime() < deadline) {
            if (!JvmAttach.alive(pid)) {
                return PROGRAM_ENDED + " while attached: its result is the one its end wrote";
            }
            try {
                Map<String, String> now = AttachState.read(attachState);
                if (AttachState.DETACHED.equals(now.get(AttachState.KEY_STATE))) {
                    return DETACHED_ELSEWHERE;
                }
                Thread.sleep(POLL_MILLIS);
            } catch (IOException e) {
                // being replaced: read again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    /** Refuses an analysis whose woven code adds members to classes, before anything in the JVM is touched. */
    static void refuseMembers(Properties descriptor) {
        String shadow = descriptor.getProperty("shadowFields", "").trim();
        if (!shadow.isEmpty()) {
            throw new LauncherException(descriptor.getProperty("name", "the analysis").trim() + " cannot attach: its "
                + "woven code adds fields to classes (" + shadow + "...), and a class loaded before the attach cannot "
                + "gain fields; run the program with './taper run' or './taper agent' instead");
        }
    }

    /** OUT/result.json and the reports from the agent's result, with the attach's and the detach's figures. */
    private boolean writeResult(Path dir, Path jvmDir, Map<String, String> attached, Map<String, String> detached) {
        Path agentResult = jvmDir.resolve("agent-result.json");
        long deadline = System.nanoTime() + FINAL_RESULT_WAIT_MILLIS * 1_000_000L;
        while (!finalResult(agentResult) && System.nanoTime() < deadline && JvmAttach.alive(pid)) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (!Files.isRegularFile(agentResult)) {
            err.println("taper attach: no result: " + agentResult + " was not written");
            return false;
        }
        Map<String, Object> result;
        try {
            List<MergeInput> read = List.of(MergeInput.read(jvmDir));
            result = ResultMerge.merge(read);
            ResultMerge.writeFiles(read, dir);
            Object agentStats = read.get(0).result().get(ResultKeys.STATS);
            if (agentStats instanceof Map<?, ?> m && m.get("serverUnavailable") != null) {
                err.println("taper attach: the instrumentation server was lost while attached (" + m.get("serverUnavailable")
                    + "): the classes loaded after that ran unobserved");
            }
        } catch (MergeException | IOException e) {
            err.println("taper attach: " + e.getMessage());
            return false;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> stats = (Map<String, Object>) result.computeIfAbsent(ResultKeys.STATS,
            k -> new LinkedHashMap<String, Object>());
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("pid", pid);
        Map<String, Object> attach = numbers(attached);
        Map<String, Object> detach = numbers(detached);
        figures.put("attach", attach);
        figures.put("detach", detach);
        stats.put("attached", figures);
        // the summary says what the program felt of both steps, beside the analysis's own figures
        Object summary = result.get(ResultKeys.SUMMARY);
        if (summary instanceof Map<?, ?> m) {
            @SuppressWarnings("unchecked")
            Map<String, Object> s = (Map<String, Object>) m;
            Map<String, Object> felt = new LinkedHashMap<>();
            felt.put("attachMillis", attach.get(AttachState.KEY_MILLIS));
            felt.put("attachLongestStallMillis", attach.get(AttachState.KEY_LONGEST_STALL_MILLIS));
            felt.put("detachMillis", detach.get(AttachState.KEY_MILLIS));
            felt.put("detachLongestStallMillis", detach.get(AttachState.KEY_LONGEST_STALL_MILLIS));
            s.put("attached", felt);
        }
        Path file = dir.resolve(ResultFormat.FILE);
        ResultWriter.writeAtomically(file, result);
        Map<String, Object> written = ResultWriter.readJson(file);
        RunReports.write(written == null ? result : written, dir,
            quiet ? new PrintStream(PrintStream.nullOutputStream()) : err, err, !noReports);
        return true;
    }

    private static boolean finalResult(Path agentResult) {
        Map<String, Object> r = Files.isRegularFile(agentResult) ? ResultWriter.readJson(agentResult) : null;
        Object snapshot = r == null ? null : r.get("snapshot");
        return snapshot instanceof Map<?, ?> m && Boolean.TRUE.equals(m.get("final"));
    }

    private static Map<String, String> readQuietly(Path state) {
        try {
            return AttachState.read(state);
        } catch (IOException e) {
            return Map.of();
        }
    }

    /** A state file's values, numbers as numbers. */
    private static Map<String, Object> numbers(Map<String, String> state) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : state.entrySet()) {
            try {
                m.put(e.getKey(), Long.parseLong(e.getValue()));
            } catch (NumberFormatException x) {
                m.put(e.getKey(), e.getValue());
            }
        }
        return m;
    }
}
