package io.taper.launcher;

import io.taper.protocol.SharedServerStart;
import io.taper.protocol.StateSize;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.TaperConfigException;
import io.taper.result.Mode;
import io.taper.result.StartupPass;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./taper agent}: the {@code -javaagent} option for JVMs that no launcher starts (test JVMs a build tool forks):
 * each such JVM starts its own server and writes its results to {@code OUT/jvm-PID}.
 */
@Command(name = "agent", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes OUT/taper-agent.properties and prints the JVM options that run a Java program under an",
            "analysis without './taper run': for test JVMs that Maven Surefire/Failsafe or Gradle fork. Each JVM opens",
            "a session on the user's shared instrumentation server (the first JVM starts it; see 'taper server'), or",
            "with --server own starts a server of its own, and writes its results to OUT/jvm-PID (agent-result.json;",
            "for coverage the class files the reports need). Merge them afterwards: './taper merge ... OUT/jvm-*'."},
        footer = {"", "Example (Maven Surefire):",
            "  mvn test -DargLine=\"$(./taper agent --analysis coverage --mode adaptive --out $PWD/target/taper)\"",
            "  ./taper coverage-merge --out target/taper/merged.exec --classes target/classes \\",
            "      --sources src/main/java --html target/taper/html --xml target/taper/coverage.xml target/taper/jvm-*"})
public final class AgentCommand implements Callable<Integer> {

    /** The template configuration's name inside OUT. */
    public static final String PROPERTIES = "taper-agent.properties";
    /** The prepared analysis jar inside OUT, for the JVMs' boot class path. */
    public static final String PREPARED = "analysis-prepared.jar";

    @Option(names = "--analysis", paramLabel = "NAME|JAR", defaultValue = "coverage",
            description = "Analysis: a built-in name or an analysis jar. Default: ${DEFAULT-VALUE}.")
    String analysis;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "adaptive", converter = RunCommand.ModeOption.class,
            description = "fixed or adaptive. Default: ${DEFAULT-VALUE}.")
    Mode mode;

    @Option(names = "--startup-pass", paramLabel = "WHEN", converter = RunCommand.StartupPassOption.class,
            description = "eager or background, as for 'taper run'. Default: the analysis's own.")
    StartupPass startupPass;

    @Option(names = "--controller", paramLabel = "SPEC",
            description = "Controller strategy (as for 'taper run'). Default: the analysis's own in adaptive mode.")
    String controller;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "Directory for the JVMs' results (an absolute path is best: forked JVMs may run elsewhere).")
    Path out;

    @Option(names = "--max-state", paramLabel = "SIZE", defaultValue = StateSize.DEFAULT,
            description = "Memory budget for the analysis's state in each JVM. Default: ${DEFAULT-VALUE}.")
    String maxState;

    @Option(names = "--cache", paramLabel = "DIR|off",
            description = "The woven-class cache the JVMs' servers share (a build's test JVMs weave mostly the same "
                    + "classes), or off. Default: $XDG_CACHE_HOME/taper/woven, else ~/.cache/taper/woven.")
    String cache;

    /** Which server the JVMs use. */
    enum ServerChoice { shared, own }

    @Option(names = "--server", paramLabel = "shared|own", defaultValue = "shared",
            description = "shared: the JVMs join the user's shared server (see 'taper server'), the first one starting "
                + "it; own: each JVM starts a server for itself. Default: ${DEFAULT-VALUE}.")
    ServerChoice server;

    @Option(names = "--server-dir", paramLabel = "DIR",
            description = "The shared server's directory, as for 'taper server'. Default: the user's, per Taper build.")
    Path serverDir;

    @Option(names = "--idle-stop", paramLabel = "SECONDS", defaultValue = SharedServerStart.DEFAULT_IDLE_STOP,
            description = "A shared server that a JVM starts stops after this many seconds without a session. "
                + "Default: ${DEFAULT-VALUE}.")
    long idleStopSeconds;

    private final PrintStream stdout;
    private final PrintStream err;
    private final Supplier<TaperHome> home;

    public AgentCommand() {
        this(System.out);
    }

    AgentCommand(PrintStream stdout) {
        this(stdout, System.err, TaperHome::locate);
    }

    /**
     * Prints the options to {@code stdout} and errors to {@code err}, with Taper's jars from {@code home} (the Maven
     * plugin's own copy, not the checkout {@code taper.home} names).
     */
    public AgentCommand(PrintStream stdout, PrintStream err, Supplier<TaperHome> home) {
        this.stdout = stdout;
        this.err = err;
        this.home = home;
    }

    @Override
    public Integer call() {
        try {
            if (mode == Mode.NONE) {
                throw new LauncherException("--mode: an agent runs fixed or adaptive");
            }
            TaperHome home = this.home.get();
            Path jar = home.analysisJar(analysis);
            Properties descriptor = TaperHome.descriptor(jar);
            if (descriptor == null) {
                throw new LauncherException("cannot read META-INF/taper/analysis.properties from " + jar);
            }
            Path dir = out.toAbsolutePath().normalize();
            Files.createDirectories(dir);
            TaperConfig cfg = config(home, jar, descriptor, dir);
            Path file = dir.resolve(PROPERTIES);
            cfg.store(file);
            // On the command line rather than appended by the agent: HotSpot then keeps class data sharing for the
            // program's classes and prints no warning. The servers prepare the same jar again, each for itself.
            Path prepared = dir.resolve(PREPARED);
            io.taper.weaver.SnippetPreparer.prepare(jar, prepared);
            stdout.println("-Xbootclasspath/a:" + home.runtimeJar() + java.io.File.pathSeparator + prepared
                + " -javaagent:" + home.agentJar() + "=" + file);
            return 0;
        } catch (LauncherException | TaperConfigException e) {
            err.println("taper agent: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("taper agent: " + e);
            return 2;
        }
    }

    /**
     * The agent's configuration for these options: the analysis ({@code jar}, its {@code descriptor}), results under
     * {@code dir}. For {@code taper attach} too.
     */
    TaperConfig config(TaperHome home, Path jar, Properties descriptor, Path dir) {
        String strategy = RunLauncher.Analysis.controllerFor(descriptor, mode, controller);
        TaperConfig cfg = TaperConfig.empty()
            .with(TaperConfig.ANALYSIS_NAME, descriptor.getProperty("name").trim())
            .with(TaperConfig.ANALYSIS_JAR, jar.toAbsolutePath().toString())
            .with(TaperConfig.RUNTIME_JAR, home.runtimeJar().toString())
            .with(TaperConfig.SERVER_JAR, home.serverJar().toString())
            .with(TaperConfig.MODE, mode.key())
            .with(TaperConfig.CONTROLLER, strategy)
            .with(TaperConfig.OUT, dir.toString())
            .with(TaperConfig.STATE_MAX, maxState)
            .with(TaperConfig.CACHE, CacheOption.resolve(cache))
            // one file at exit: a build's test JVMs are many and short
            .with(TaperConfig.SNAPSHOT_INTERVAL_MS, "0");
        if (server == ServerChoice.shared) {
            if (idleStopSeconds < 1) {
                throw new LauncherException("--idle-stop: expected at least 1 second");
            }
            cfg = cfg.with(TaperConfig.SERVER_SHARED, (serverDir != null ? serverDir.toAbsolutePath().normalize()
                    : io.taper.protocol.SharedServerPaths.forServerJar(home.serverJar()).dir()).toString())
                .with(TaperConfig.SERVER_IDLE_SECONDS, Long.toString(idleStopSeconds));
        }
        cfg = RunConfig.withDescriptor(cfg, descriptor)
            .with(TaperConfig.STARTUP_PASS, RunConfig.startupPass(startupPass, descriptor).key());
        return cfg;
    }
}
