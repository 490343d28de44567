package io.taper.launcher;

import io.taper.protocol.TaperConfig;
import io.taper.result.Mode;
import io.taper.result.ResultFormat;
import io.taper.result.ResultKeys;
import io.taper.result.ResultKeys.Launch;
import io.taper.result.ResultKeys.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

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
        launch.put(ResultKeys.MODE, o.mode().key());
        launch.put("javaArgs", o.javaArgs());
        if (!o.sources().isEmpty()) {
            launch.put(io.taper.launcher.coverage.CoverageReport.LAUNCH_SOURCES, o.sources().stream().map(Path::toString).toList());
        }
        if (!o.classes().isEmpty()) {
            launch.put(io.taper.launcher.coverage.CoverageReport.LAUNCH_CLASSES, o.classes().stream().map(Path::toString).toList());
        }
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

    /**
     * The execution-sample period of {@code --jfr} recordings. The profile settings' 10 ms give a run of a second
     * or two a few dozen samples per thread, too few to rank sixteen methods; 1 ms is JFR's shortest.
     */
    static final String JFR_SAMPLE_PERIOD = "1ms";

    static List<String> jfrOptions(Path file) {
        // Deep stacks: the default depth (64) cuts off the outer frames that inclusive rankings need.
        return List.of("-XX:FlightRecorderOptions:stackdepth=2048", "-Xlog:jfr+startup=error",
                "-XX:StartFlightRecording=settings=profile,jdk.ExecutionSample#period=" + JFR_SAMPLE_PERIOD
                        + ",filename=" + file.toAbsolutePath());
    }

    /** The recompilation cutoff Taper gives an instrumented JVM unless its own arguments set one. */
    static final String RECOMPILATION_CUTOFF = "-XX:PerMethodRecompilationCutoff=100000";
    /** C2's split-if optimisation, which Taper turns off in an instrumented JVM unless its own arguments set it. */
    static final String NO_SPLIT_IF = "-XX:-SplitIfBlocks";

    /**
     * JIT options for an instrumented JVM; a program's own setting of either flag wins.
     * <ul>
     * <li>HotSpot counts every invalidation of a method's C2 code, and once a method has been recompiled more than
     *     half its {@code PerMethodRecompilationCutoff} (default 400) times, C2 compiles the method's uncommon traps
     *     so that they deoptimize the frame and never recompile (JDK-8374307). Re-weaving classes invalidates
     *     compiled code far more often than a program does by itself, and a hot method could then deoptimize on
     *     every call for the rest of the run (the SFA result set has the case).</li>
     * <li>JDK 17's C2 crashed the observed JVM (SIGSEGV in {@code MemNode::optimize_memory_chain}, a memory phi
     *     without an address type) while splitting ifs through merges in woven JDK charset code: the switch checks
     *     read {@code @Stable} tables ({@code SiteSwitches}) and method-time's exits test the token those checks
     *     merge. It happened in most method-time adaptive runs of full-size PMD, and in none without split-if;
     *     reading the tables without {@code @Stable} avoided it too, but then a switched-off check no longer
     *     folds away, which made adaptive runs a quarter slower. Without split-if the program measured no
     *     slower.</li>
     * </ul>
     */
    static List<String> jitOptions(List<String> javaArgs) {
        boolean cutoff = false;
        boolean splitIf = false;
        for (String a : javaArgs) {
            cutoff |= a.startsWith("-XX:PerMethodRecompilationCutoff=");
            splitIf |= a.equals("-XX:+SplitIfBlocks") || a.equals("-XX:-SplitIfBlocks");
        }
        List<String> options = new ArrayList<>();
        if (!cutoff) {
            options.add(RECOMPILATION_CUTOFF);
        }
        if (!splitIf) {
            options.add(NO_SPLIT_IF);
        }
        return options;
    }

    /** The analysis of an instrumented run, checked: its jar, descriptor and controller spec. */
    record Analysis(Path jar, Properties descriptor, String name, String controller) {

        /**
         * The options the analysis asks of the observed JVM (descriptor key {@code jvmOptions}, space-separated),
         * placed before the program's own, which therefore win.
         */
        List<String> jvmOptions() {
            String s = descriptor.getProperty("jvmOptions", "").trim();
            return s.isEmpty() ? List.of() : List.of(s.split("\\s+"));
        }

        /** The strategy a run uses: the one given, else in adaptive mode the analysis's own, else none. */
        static String controllerFor(Properties descriptor, Mode mode, String given) {
            return given != null ? given
                    : mode == Mode.ADAPTIVE ? descriptor.getProperty("controller", "periodic:100").trim()
                    : "none";
        }
    }

    private Analysis resolveAnalysis() {
        Path analysisJar = home.analysisJar(o.analysis());
        Properties descriptor = TaperHome.descriptor(analysisJar);
        if (descriptor == null) {
            throw new LauncherException("cannot read META-INF/taper/analysis.properties from " + analysisJar);
        }
        String analysisName = descriptor.getProperty("name").trim();
        String controller = Analysis.controllerFor(descriptor, o.mode(), o.controller());
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
        launch.put(ResultKeys.ANALYSIS, analysis.name());
        launch.put("controller", analysis.controller());
        Path socketDir = io.taper.protocol.PrivatePaths.privateTempDirectory("taper-");
        try {
            BootShadows boot = BootShadows.plan(analysis.descriptor().getProperty("shadowFields"), o.bootShadows(),
                    o.java(), o.javaArgs(), work, home.serverJar());
            // The program starts while the server starts, unless the server must first make the boot shadow patch
            // that the program's command line names.
            Path bootJar = boot == null || boot.readyDir() != null || boot.skipped != null ? bootJar(analysis, work) : null;
            Path threadField = ThreadFieldDir.plan(boot == null
                    && "true".equals(analysis.descriptor().getProperty(TaperConfig.THREAD_FIELD, "").trim()),
                    o.java(), o.javaArgs(), BootShadows.cacheRoot(work).getParent(), launch);
            Path socket = socketDir.resolve("server.sock");
            Path config = RunConfig.write(o, home, analysis, out, work, socketDir, boot, threadField, launch,
                    bootJar == null ? 0 : o.serverStartTimeoutSeconds() * 1000);
            RunServer server = RunServer.launch(o, home, config, work, launch);
            EndWatch endWatch = new EndWatch(work);
            ObservedRun observed;
            if (bootJar != null) {
                launch.put(Launch.SERVER_STARTED_ALONGSIDE, true);
                observed = ObservedRun.start(ObservedCommandLine.of(o, home, config, work, bootJar, true, boot,
                        threadField, endWatch, analysis.jvmOptions(), launch));
                launch.put(Launch.PROGRAM_STARTED_AFTER_MILLIS, millisSinceMain());
                server.awaitReady();
                if (!server.ready()) {
                    Files.createFile(TaperConfig.serverFailedMarker(socket));   // the agent stops waiting
                }
            } else {
                server.awaitReady();
                Path prepared = work.resolve("analysis-prepared.jar");   // the server's, made before it is ready
                observed = ObservedRun.start(ObservedCommandLine.of(o, home, config, work,
                        server.ready() && Files.isRegularFile(prepared) ? prepared : null, server.ready(), boot,
                        threadField, endWatch, analysis.jvmOptions(), launch));
                launch.put(Launch.PROGRAM_STARTED_AFTER_MILLIS, millisSinceMain());
            }
            shutdown.observed(observed.process());
            launch.put(Launch.OBSERVED_PID, observed.process().pid());
            int exit = observed.waitFor();
            Map<String, Object> ending = endWatch.ending(observed.process().pid(), exit, observed.sawOutOfMemory());
            launch.put(Stats.PROGRAM_END, ending);
            if (ending.get("crashGist") instanceof List<?> gist) {
                // said even with --quiet: a crash of the observed JVM under Taper must never go unnoticed
                System.err.println("[taper] the observed JVM crashed (report: " + ending.get("crashReport") + "):");
                gist.forEach(line -> System.err.println("[taper]   " + line));
            }
            launch.put(Launch.ENDED_AT_EPOCH_MILLIS, System.currentTimeMillis());
            if (shutdown.stopping()) {
                launch.put("stoppedByLauncher", "taper run was told to stop: the program got SIGTERM");
            }
            server.close(launch);
            writeResults(out, launch, observed, analysis.name(), exit);
            return exit;
        } finally {
            deleteQuietly(socketDir);    // also when the observed JVM cannot start
        }
    }

    /** result.json, the summary on the console and the analysis's own reports. */
    private void writeResults(Path out, Map<String, Object> launch, ObservedRun observed, String analysis, int exit) {
        Map<String, Object> result = ResultWriter.write(out, launch, observed, analysis, exit);
        if (!o.quiet()) {
            RunSummary.print(result, out, System.err);
        }
        if (RunReports.any(analysis)) {
            // Re-read as plain JSON so reports see exactly what result.json holds (not for an analysis without
            // reports: reading a large result again is a run's last step).
            Map<String, Object> written = ResultWriter.readJson(out.resolve(ResultFormat.FILE));
            RunReports.write(written == null ? result : written, out, o.quiet()
                ? new java.io.PrintStream(java.io.PrintStream.nullOutputStream()) : System.err, System.err, o.reports());
        }
    }

    /** The prepared analysis jar the launcher makes itself, or null (then the program waits for the server's). */
    private Path bootJar(Analysis analysis, Path work) {
        try {
            return PreparedJars.forRun(analysis.jar(), o.cache(), work);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Milliseconds since the CLI's code began to run (its JVM's own start-up is not included). */
    private static long millisSinceMain() {
        return (System.nanoTime() - TaperCli.MAIN_NANOS) / 1_000_000;
    }

    private static void deleteQuietly(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp directory is harmless
        }
    }
}
