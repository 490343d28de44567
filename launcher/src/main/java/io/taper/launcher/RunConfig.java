package io.taper.launcher;

import io.taper.protocol.TaperConfig;
import io.taper.protocol.TaperConfigException;
import io.taper.result.ResultKeys.Launch;
import io.taper.result.StartupPass;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The configuration an instrumented run gives the server and the agent: {@code WORK/taper.properties}. */
final class RunConfig {

    private RunConfig() {
    }

    /** What the agent takes from the analysis's descriptor: its {@code classes.skip} and {@code thread.counters}. */
    static TaperConfig withDescriptor(TaperConfig cfg, java.util.Properties descriptor) {
        for (String key : new String[] {TaperConfig.CLASSES_SKIP, TaperConfig.THREAD_COUNTERS,
            TaperConfig.CLASS_FILES_ORIGINAL}) {
            String v = descriptor.getProperty(key, "").trim();
            if (!v.isEmpty()) {
                cfg = cfg.with(key, v);
            }
        }
        return cfg;
    }

    /** What a run's start-up pass is when the command line does not say: an analysis that does not say either. */
    static final StartupPass DEFAULT_STARTUP_PASS = StartupPass.BACKGROUND;

    /**
     * The start-up pass of a run: {@code given} (the command line's), else the analysis descriptor's
     * {@value TaperConfig#STARTUP_PASS}, else {@link #DEFAULT_STARTUP_PASS}.
     */
    static StartupPass startupPass(StartupPass given, java.util.Properties descriptor) {
        if (given != null) {
            return given;
        }
        String v = descriptor.getProperty(TaperConfig.STARTUP_PASS, "").trim();
        try {
            return v.isEmpty() ? DEFAULT_STARTUP_PASS : StartupPass.parse(v);
        } catch (IllegalArgumentException e) {
            throw new LauncherException("the analysis descriptor's " + TaperConfig.STARTUP_PASS + ": " + e.getMessage());
        }
    }

    /**
     * Writes the run's configuration and returns its file.
     *
     * @param socketDir a private directory for the server's socket
     * @param launch    the launch facts of result.json, told what was configured
     * @param serverWaitMillis how long the agent waits for a server started alongside the program (0: not)
     */
    static Path write(RunOptions o, TaperHome home, RunLauncher.Analysis analysis, Path out, Path work, Path socketDir,
                      BootShadows boot, Path threadField, Map<String, Object> launch, int serverWaitMillis)
            throws IOException {
        TaperConfig cfg = TaperConfig.empty()
                .with(TaperConfig.SOCKET, socketDir.resolve("server.sock").toString())
                .with(TaperConfig.TOKEN, HexFormat.of().formatHex(randomBytes(16)))
                .with(TaperConfig.ANALYSIS_NAME, analysis.name())
                .with(TaperConfig.ANALYSIS_JAR, analysis.jar().toString())
                .with(TaperConfig.RUNTIME_JAR, home.runtimeJar().toString())
                .with(TaperConfig.MODE, o.mode().key())
                .with(TaperConfig.CONTROLLER, analysis.controller())
                .with(TaperConfig.OUT, out.toString())
                .with(TaperConfig.WORK, work.toString())
                .with(TaperConfig.TIMEOUT_MS, Integer.toString(o.requestTimeoutMillis()))
                .with(TaperConfig.SNAPSHOT_INTERVAL_MS, Long.toString(o.snapshotIntervalMillis()))
                .with(TaperConfig.STATE_MAX, o.maxState())
                .with(TaperConfig.CONTROLLER_REWEAVE, o.reweave())
                .with(TaperConfig.CACHE, o.cache())
                .with(TaperConfig.SERVER_WAIT_MS, Integer.toString(serverWaitMillis));
        cfg = withDescriptor(cfg, analysis.descriptor());
        StartupPass pass = startupPass(o.startupPass(), analysis.descriptor());
        cfg = cfg.with(TaperConfig.STARTUP_PASS, pass.key());
        launch.put(Launch.STARTUP_PASS, pass.key());
        if (!o.controllerPath().isEmpty()) {
            cfg = cfg.with(TaperConfig.CONTROLLER_PATH, o.controllerPath().stream()
                    .map(x -> x.toAbsolutePath().toString()).collect(Collectors.joining(File.pathSeparator)));
        }
        launch.put(io.taper.launcher.profile.MethodTimeReport.VIEW, o.view());
        if (!o.analysisOptions().isEmpty()) {
            cfg = cfg.with(TaperConfig.ANALYSIS_OPTIONS, String.join(",", o.analysisOptions()));
            launch.put("analysisOptions", o.analysisOptions());
        }
        if (o.audit()) {
            cfg = cfg.with(TaperConfig.AUDIT, "true");
            launch.put("audit", true);
        }
        if (o.dump() != null) {
            cfg = cfg.with(TaperConfig.DUMP, o.dump().toAbsolutePath().toString());
        }
        Path javaHome = javaHomeOf(o.java());
        if (javaHome != null) {
            cfg = cfg.with(TaperConfig.OBSERVED_JAVA_HOME, javaHome.toString());
            // the patch the program will run with: ready now, or made by the server before the program starts
            String classOptions = classOptions(o.javaArgs(), boot != null && boot.dir != null);
            if (threadField != null) {
                classOptions = (classOptions + " thread-field").trim();   // start-up classes differ with the field
            }
            if (!classOptions.isEmpty()) {
                cfg = cfg.with(TaperConfig.OBSERVED_CLASS_OPTIONS, classOptions);
            }
        }
        if (threadField != null) {
            cfg = cfg.with(TaperConfig.THREAD_FIELD, "true");
        }
        if (boot != null && boot.dir != null) {
            cfg = cfg.with(TaperConfig.BOOT_SHADOWS_DIR, boot.dir.toString())
                    .with(TaperConfig.BOOT_SHADOWS_JAVA_HOME, boot.javaHome.toString());
        }
        Path file = work.resolve("taper.properties");
        try {
            cfg.store(file);
        } catch (TaperConfigException e) {
            throw new LauncherException(e.getMessage());
        }
        return file;
    }

    /** Options of the java launcher whose value is the next argument. */
    private static final java.util.Set<String> WITH_VALUE = java.util.Set.of("-cp", "-classpath", "--class-path", "-p",
        "--module-path", "--upgrade-module-path", "--add-modules", "--limit-modules", "--add-reads", "--add-exports",
        "--add-opens", "--patch-module", "--enable-native-access");

    /**
     * The JVM options before the main class that change the bytes of the classes loaded before premain, as HotSpot
     * reconstitutes them for the agent (class-data sharing, verification, a patched module; the boot shadow patch
     * counts as one), space-separated.
     */
    static String classOptions(List<String> javaArgs, boolean bootShadows) {
        List<String> picked = new java.util.ArrayList<>();
        for (int i = 0; i < javaArgs.size(); i++) {
            String a = javaArgs.get(i);
            if (!a.startsWith("-") || a.equals("-jar") || a.equals("-m") || a.equals("--module")) {
                break;
            }
            String lower = a.toLowerCase(java.util.Locale.ROOT);
            if (lower.contains("shar") || lower.contains("verif") || lower.contains("archive")
                    || lower.startsWith("--patch-module")) {
                picked.add(a.equals("--patch-module") && i + 1 < javaArgs.size() ? a + "=" + javaArgs.get(i + 1) : a);
            }
            if (WITH_VALUE.contains(a)) {
                i++;
            }
        }
        if (bootShadows) {
            picked.add("boot-shadows");
        }
        return String.join(" ", picked);
    }

    /** The java.home of a {@code java} executable ({@code HOME/bin/java}, links followed), or null. */
    static Path homeOf(Path java) {
        try {
            Path bin = java.toRealPath().getParent();
            return bin == null ? null : bin.getParent();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The java.home of a JDK 9+ {@code java} executable (one with a module image), or null. */
    static Path javaHomeOf(Path java) {
        Path home = homeOf(java);
        return home != null && Files.isRegularFile(home.resolve("lib").resolve("modules")) ? home : null;
    }

    private static byte[] randomBytes(int n) {
        return io.taper.protocol.PrivatePaths.secretBytes(n);
    }
}
