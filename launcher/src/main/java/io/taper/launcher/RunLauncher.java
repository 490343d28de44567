package io.taper.launcher;

import io.taper.result.Mode;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.TaperConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/** Carries out one {@code ./taper run}: server up, observed JVM, server down, result.json. */
final class RunLauncher {

    private final TaperHome home;
    private final RunOptions o;
    private RunShutdown shutdown;

    RunLauncher(TaperHome home, RunOptions options) {
        this.home = home;
        this.o = options;
    }

    int run() {
        Path out = o.out().toAbsolutePath();
        Path work = out.resolve("work");
        // Everything is checked before OUT is touched: a mistyped option must not cost the last results.
        checkExecutable("--java", o.java());
        Analysis analysis = null;
        if (o.mode() != Mode.NONE) {
            checkExecutable("--server-java", o.serverJava());
            analysis = resolveAnalysis();
        }
        try {
            Files.createDirectories(work);
            for (String stale : List.of("result.json", "agent-result.json", "server-stats.json", "summary.md")) {
                Files.deleteIfExists(out.resolve(stale));
            }
        } catch (IOException e) {
            throw new LauncherException("cannot create output directory " + out + ": " + e.getMessage());
        }
        Map<String, Object> launch = new LinkedHashMap<>();
        launch.put("mode", o.mode().key());
        launch.put("javaArgs", o.javaArgs());
        shutdown = new RunShutdown();
        try {
            return analysis == null ? runBaseline(out, launch) : runInstrumented(out, work, launch, analysis);
        } catch (IOException e) {
            throw new LauncherException("cannot run the observed JVM: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LauncherException("interrupted");
        } finally {
            shutdown.done();
        }
    }

    private int runBaseline(Path out, Map<String, Object> launch) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(o.java().toString());
        if (o.jfr() != null) {
            cmd.addAll(jfrOptions(o.jfr()));
            launch.put("jfr", o.jfr().toAbsolutePath().toString());
        }
        cmd.addAll(o.javaArgs());
        ObservedRun observed = ObservedRun.start(cmd);
        shutdown.observed(observed.process());
        int exit = observed.waitFor();
        launch.put("analysis", o.analysis());
        ResultWriter.write(out, launch, observed, null, exit);
        if (!o.quiet()) {
            System.err.printf("[taper] baseline run: exit %d, wall %d ms, result %s%n", exit, observed.wallMillis(),
                    out.resolve("result.json"));
        }
        return exit;
    }

    static List<String> jfrOptions(Path file) {
        // Deep stacks: the default depth (64) cuts off the outer frames that inclusive rankings need.
        return List.of("-XX:FlightRecorderOptions:stackdepth=2048", "-Xlog:jfr+startup=error",
                "-XX:StartFlightRecording=settings=profile,filename=" + file.toAbsolutePath());
    }

    /** The recompilation cutoff Taper gives an instrumented JVM unless its own arguments set one. */
    static final String RECOMPILATION_CUTOFF = "-XX:PerMethodRecompilationCutoff=100000";

    /**
     * JIT options for an instrumented JVM. HotSpot counts every invalidation of a method's C2 code, and once
     * a method has been recompiled more than half its {@code PerMethodRecompilationCutoff} (default 400) times,
     * C2 compiles the method's uncommon traps so that they deoptimize the frame and never recompile
     * (JDK-8374307). Re-weaving classes invalidates compiled code far more often than a program does by
     * itself: in adaptive SFA runs of full-size H2, one compiled copy of {@code MVMap.append} then
     * deoptimized at an array store check on every call, 6.8 million times, and the run took 240 to 286 s
     * instead of 134 s with a higher cutoff (97 deoptimizations in all). A program's own setting wins.
     */
    static List<String> jitOptions(List<String> javaArgs) {
        for (String a : javaArgs) {
            if (a.startsWith("-XX:PerMethodRecompilationCutoff=")) {
                return List.of();
            }
        }
        return List.of(RECOMPILATION_CUTOFF);
    }

    /** The analysis of an instrumented run, checked: its jar, descriptor and controller spec. */
    private record Analysis(Path jar, Properties descriptor, String name, String controller) {
    }

    private Analysis resolveAnalysis() {
        Path analysisJar = home.analysisJar(o.analysis());
        Properties descriptor = TaperHome.descriptor(analysisJar);
        if (descriptor == null) {
            throw new LauncherException("cannot read META-INF/taper/analysis.properties from " + analysisJar);
        }
        String analysisName = descriptor.getProperty("name").trim();
        String controller = o.controller() != null ? o.controller()
                : o.mode() == Mode.ADAPTIVE ? descriptor.getProperty("controller", "periodic:100").trim()
                : "none";
        if (o.controller() != null && o.mode() != Mode.ADAPTIVE && !"none".equals(o.controller().trim())) {
            throw new LauncherException("--controller " + o.controller() + " needs --mode adaptive (the mode is "
                + o.mode() + ")");
        }
        if (o.audit() && o.mode() != Mode.ADAPTIVE) {
            throw new LauncherException("--audit needs --mode adaptive (the mode is " + o.mode() + ")");
        }
        ControllerSpecCheck.check(controller, home.agentJar(), home.runtimeJar(), analysisJar, o.controllerPath());
        return new Analysis(analysisJar, descriptor, analysisName, controller);
    }

    private static void checkExecutable(String option, Path java) {
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            throw new LauncherException(option + ": " + java + " is not an executable file");
        }
    }

    private int runInstrumented(Path out, Path work, Map<String, Object> launch, Analysis analysis)
            throws IOException, InterruptedException {
        Path analysisJar = analysis.jar();
        Properties descriptor = analysis.descriptor();
        String analysisName = analysis.name();
        String controller = analysis.controller();
        launch.put("analysis", analysisName);
        launch.put("controller", controller);

        Path socketDir = Files.createTempDirectory("taper-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try {
            Path config = work.resolve("taper.properties");
            TaperConfig cfg = TaperConfig.empty()
                    .with(TaperConfig.SOCKET, socketDir.resolve("server.sock").toString())
                    .with(TaperConfig.TOKEN, HexFormat.of().formatHex(randomBytes(16)))
                    .with(TaperConfig.ANALYSIS_NAME, analysisName)
                    .with(TaperConfig.ANALYSIS_JAR, analysisJar.toString())
                    .with(TaperConfig.RUNTIME_JAR, home.runtimeJar().toString())
                    .with(TaperConfig.MODE, o.mode().key())
                    .with(TaperConfig.CONTROLLER, controller)
                    .with(TaperConfig.OUT, out.toString())
                    .with(TaperConfig.WORK, work.toString())
                    .with(TaperConfig.TIMEOUT_MS, Integer.toString(o.requestTimeoutMillis()))
                    .with(TaperConfig.SNAPSHOT_INTERVAL_MS, Long.toString(o.snapshotIntervalMillis()))
                    .with(TaperConfig.STATE_MAX, o.maxState());
            if (!o.controllerPath().isEmpty()) {
                cfg = cfg.with(TaperConfig.CONTROLLER_PATH, o.controllerPath().stream()
                        .map(x -> x.toAbsolutePath().toString()).collect(Collectors.joining(java.io.File.pathSeparator)));
            }
            if (o.audit()) {
                cfg = cfg.with(TaperConfig.AUDIT, "true");
                launch.put("audit", true);
            }
            if (o.dump() != null) {
                cfg = cfg.with(TaperConfig.DUMP, o.dump().toAbsolutePath().toString());
            }
            BootShadows boot = o.mode() == Mode.NONE ? null
                    : BootShadows.plan(descriptor.getProperty("shadowFields"), o.bootShadows(), o.java(), o.javaArgs(), work);
            if (boot != null && boot.dir != null) {
                cfg = cfg.with(TaperConfig.BOOT_SHADOWS_DIR, boot.dir.toString())
                        .with(TaperConfig.BOOT_SHADOWS_JAVA_HOME, boot.javaHome.toString());
            }
            try {
                cfg.store(config);
            } catch (TaperConfigException e) {
                throw new LauncherException(e.getMessage());
            }

            Path agentJar = home.agentJar();
            long serverStart = System.nanoTime();
            ServerProcess server = null;
            String serverProblem;
            try {
                server = ServerProcess.start(o.serverJava(), home.serverJar(), config, work);
                serverProblem = server.awaitReady(Duration.ofSeconds(o.serverStartTimeoutSeconds()));
            } catch (IOException | LauncherException e) {
                serverProblem = "cannot start the server: " + e.getMessage();
            }
            launch.put("serverStartMillis", (System.nanoTime() - serverStart) / 1_000_000);
            if (serverProblem != null) {
                launch.put("serverProblem", serverProblem);
            }

            List<String> cmd = new ArrayList<>();
            cmd.add(o.java().toString());
            // On the command line rather than appended by the agent: HotSpot then keeps class data sharing for
            // the program's own classes and prints no warning about the appended boot class path.
            List<String> bootJars = new ArrayList<>(List.of(home.runtimeJar().toString()));
            Path prepared = work.resolve("analysis-prepared.jar");
            if (serverProblem == null && Files.isRegularFile(prepared)) {
                bootJars.add(prepared.toString());
            }
            cmd.add("-Xbootclasspath/a:" + String.join(java.io.File.pathSeparator, bootJars));
            cmd.add("-javaagent:" + agentJar + "=" + config);
            List<String> jit = jitOptions(o.javaArgs());
            cmd.addAll(jit);
            if (!jit.isEmpty()) {
                launch.put("jitOptions", String.join(" ", jit));
            }
            Path patch = serverProblem == null && boot != null ? boot.readyDir() : null;
            if (patch != null) {
                // a patched java.base turns class data sharing off; saying so keeps the JVM from warning about it
                cmd.add("-Xshare:off");
                cmd.add("--patch-module");
                cmd.add("java.base=" + patch);
                launch.put("bootShadows", patch.toString());
            } else if (boot != null) {
                launch.put("bootShadows", "none: " + (boot.skipped != null ? boot.skipped
                        : "the server made no patch (see bootShadowProblem in the server's stats)"));
            }
            if (o.jfr() != null) {
                cmd.addAll(jfrOptions(o.jfr()));
            }
            EndWatch endWatch = new EndWatch(work);
            cmd.addAll(endWatch.options(o.javaArgs()));
            cmd.addAll(o.javaArgs());
            ObservedRun observed = ObservedRun.start(cmd);
            shutdown.observed(observed.process());
            launch.put("observedPid", observed.process().pid());
            int exit = observed.waitFor();
            launch.put("programEnd", endWatch.ending(observed.process().pid(), exit, observed.sawOutOfMemory()));
            launch.put("endedAtEpochMillis", System.currentTimeMillis());
            if (shutdown.stopping()) {
                launch.put("stoppedByLauncher", "taper run was told to stop: the program got SIGTERM");
            }
            long serverCpu = -1;
            if (server != null) {
                if (!server.isAlive() && serverProblem == null) {
                    launch.put("serverProblem", "server died during the run (see " + work.resolve("server.log") + ")");
                }
                String closing = server.close();
                if (closing != null) {
                    Object before = launch.get("serverProblem");
                    launch.put("serverProblem", before == null ? closing : before + "; " + closing);
                }
                serverCpu = server.cpuMillis();
            }
            launch.put("serverCpuMillis", serverCpu);
            Map<String, Object> result = ResultWriter.write(out, launch, observed, analysisName, exit);
            if (!o.quiet()) {
                RunSummary.print(result, out, System.err);
            }
            // Re-read as plain JSON so reports see exactly what result.json holds.
            Map<String, Object> written = ResultWriter.readJson(out.resolve("result.json"));
            RunReports.write(written == null ? result : written, out, System.err);
            return exit;
        } finally {
            deleteQuietly(socketDir);    // also when the observed JVM cannot start
        }
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new SecureRandom().nextBytes(b);
        return b;
    }

    private static void deleteQuietly(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp directory is harmless
        }
    }
}
