package io.taper.launcher;

import io.taper.result.Mode;
import io.taper.result.StartupPass;
import io.taper.protocol.StateSize;
import io.taper.protocol.TaperConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./taper run}: one observed run under an analysis. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs 'java <java args>' under an analysis and writes OUT/result.json.",
            "The instrumentation server is started first and stopped at the end; the program's output is",
            "streamed and its exit code is returned. If the server fails, the program still runs, uninstrumented."},
        footer = {"", "Examples:",
            "  ./taper run --analysis method-count --mode fixed --out out -- -cp app.jar com.example.Main",
            "  ./taper run --analysis sfa --mode adaptive --controller periodic:100 -- -jar app.jar",
            "  ./taper run --mode none --jfr rec.jfr -- -cp app.jar com.example.Main   (baseline + JFR recording)"})
public final class RunCommand implements Callable<Integer> {

    @Option(names = "--analysis", paramLabel = "NAME|JAR", defaultValue = "method-count",
            description = "Analysis to run: a built-in name (method-count, sfa, method-time, coverage, bytecode-count) or an analysis jar. Default: ${DEFAULT-VALUE}.")
    String analysis;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "fixed", converter = ModeOption.class,
            description = "none (no agent: the baseline), fixed (instrumentation stays), adaptive (the controller removes "
                    + "instrumentation that can no longer change the result). Default: ${DEFAULT-VALUE}.")
    Mode mode;

    /** method-time's options with their defaults (a test holds them equal to the strategy's own). */
    static final String METHOD_TIME_OPTIONS = "period-ms=500,first-period-ms=100,min-calls=100,max-mean-ms=1.0,"
            + "hot-calls-per-s=10000,max-defer-ms=5000,sample-ms=10,how=switch,sampler=jfr (how: retransform|switch|once; "
            + "sampler: jfr|stacks)";

    @Option(names = "--controller", paramLabel = "SPEC",
            description = "Controller strategy: none, periodic:<ms>, an analysis's own strategy or a user strategy's name, "
                    + "with options as key=value,... after a colon. Default: 'none' in fixed mode; the analysis's default "
                    + "in adaptive mode. method-time's options and defaults: " + METHOD_TIME_OPTIONS + ".")
    String controller;

    @Option(names = "--controller-path", paramLabel = "JAR", split = ",",
            description = "Jar(s) with user controller strategies (found with ServiceLoader).")
    List<Path> controllerPath = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "taper-out",
            description = "Output directory for result.json and logs. Default: ${DEFAULT-VALUE}.")
    Path out;

    @Option(names = "--dump", paramLabel = "DIR",
            description = "The server writes the original and woven bytes of every class here.")
    Path dump;

    @Option(names = "--cache", paramLabel = "DIR|off",
            description = "The woven-class cache the server shares with other runs and JVMs (classes woven before are "
                    + "served from it, with the site ids of this run), or off. Default: $XDG_CACHE_HOME/taper/woven, else "
                    + "~/.cache/taper/woven.")
    String cache;

    @Option(names = "--jfr", paramLabel = "FILE",
            description = "Record a JDK Flight Recorder profile (execution samples every 1 ms, stacks 2048 deep) of the run into FILE; meant for --mode none.")
    Path jfr;

    @Option(names = "--java", paramLabel = "PATH",
            description = "The java executable for the observed JVM and the server. Default: the one running Taper.")
    Path java;

    @Option(names = "--server-java", paramLabel = "PATH",
            description = "The java executable for the server. Default: the observed JVM's (--java).")
    Path serverJava;

    @Option(names = "--server", paramLabel = "own|shared", defaultValue = "own",
            description = "own: the run starts a server for itself; shared: it opens a session on the user's shared "
                + "server (see 'taper server'), starting it if none runs, which saves the server's start-up and "
                + "finds its weaver compiled. Default: ${DEFAULT-VALUE}.")
    AgentCommand.ServerChoice server;

    @Option(names = "--server-dir", paramLabel = "DIR",
            description = "With --server shared: the shared server's directory. Default: the user's, per Taper build.")
    Path serverDir;

    @Option(names = "--server-start-timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long to wait for the server to signal readiness. Default: ${DEFAULT-VALUE}.")
    int serverStartTimeoutSeconds;

    @Option(names = "--request-timeout", paramLabel = "MS", defaultValue = "5000",
            description = "Agent-side timeout for one class round trip. Default: ${DEFAULT-VALUE}.")
    int requestTimeoutMillis;

    @Option(names = {"-q", "--quiet"},
            description = "Do not print the summary at the end, nor the reports' lines (a report that fails still says so).")
    boolean quiet;

    @Option(names = "--no-boot-shadows",
            description = "For analyses with shadow fields (sfa): do not give the JDK's start-up classes (java.util, "
                    + "java.io, java.nio, java.net, java.math) their shadow fields through --patch-module java.base "
                    + "(which also turns class data sharing off); their objects' state then goes to an identity map. "
                    + "The patch is made once per JDK, under $XDG_CACHE_HOME/taper (default ~/.cache/taper).")
    boolean noBootShadows;

    @Option(names = "--audit",
            description = "With --mode adaptive: removed sites are not taken out but keep running, checked: every event at "
                    + "a removed site that would have changed the result is a violation, reported with the site and a stack "
                    + "in result.json (stats.controller.audit) and the summary. For lossless analyses (sfa) zero is the bar; "
                    + "for counting and timing analyses it counts the events that removal drops. Slower than fixed.")
    boolean audit;

    @Option(names = "--snapshot-interval", paramLabel = "MS", defaultValue = "5000",
            description = "The agent writes a snapshot of the results to OUT this often while the program runs, so a "
                    + "killed or crashed program still leaves results no older than this (0: only at exit). "
                    + "Default: ${DEFAULT-VALUE}.")
    long snapshotIntervalMillis;

    @Option(names = "--max-state", paramLabel = "SIZE", defaultValue = StateSize.DEFAULT,
            description = "Memory budget for the analysis's state in the observed JVM: bytes, 64m, 1g, or a share of "
                    + "its max heap (10%%). Near it the analysis stops growing its state in a documented way (method-time: "
                    + "the coldest calling contexts are flattened) and result.json says so (stats.state). Default: ${DEFAULT-VALUE}.")
    String maxState;

    @Option(names = "--reweave", paramLabel = "POLICY", defaultValue = "never",
            description = "With --mode adaptive: when to re-weave a class so that the code of its switched-off sites goes "
                    + "too (a switched-off site costs little, re-weaving costs a pause and recompilation). never: keep "
                    + "switched-off code; model: when the class's sampled share of the running time x SHARE (the part of it "
                    + "the switched-off code is assumed to cost, default 0.02) x the time run so far exceeds the measured "
                    + "cost of re-weaving a class; model:SHARE sets SHARE. Decisions and their inputs are in result.json "
                    + "(stats.controller.reweave). Default: ${DEFAULT-VALUE} (re-weaving a class that other compiled code "
                    + "inlined throws that code away too, which the model does not weigh).")
    String reweave;

    @Option(names = "--startup-pass", paramLabel = "WHEN", converter = StartupPassOption.class,
            description = "When the JDK classes loaded before the agent (some 950) are woven: eager (before main: every "
                    + "call from main on is observed; the program waits for it) or background (the program starts at "
                    + "once; a start-up class is observed from when the pass reaches it, and a program that ends first "
                    + "leaves the rest unwoven: stats.startupPass). Default: the analysis's own (eager for sfa, "
                    + "method-count and bytecode-count, whose verdicts and exact counts need every event from main on; "
                    + "background for method-time and coverage).")
    StartupPass startupPass;

    @Option(names = "--no-reports",
            description = "Write result.json (and coverage's jacoco.exec) only, not the analysis's reports (SFA's tables, "
                    + "method-time's flame graph, coverage's XML and HTML); coverage-merge makes them later.")
    boolean noReports;

    @Option(names = "--sources", paramLabel = "DIR", split = ",",
            description = "With --analysis coverage: source folders (package roots) for the HTML report's source lines.")
    List<Path> sources = new ArrayList<>();

    @Option(names = "--classes", paramLabel = "PATH", split = ",",
            description = "With --analysis coverage: the class files (directories or jars) to report on, as JaCoCo's "
                    + "report takes them; classes never loaded show as not covered. Default: every class the run wove.")
    List<Path> classes = new ArrayList<>();

    @Option(names = "--view", paramLabel = "running|wall", defaultValue = "running",
            converter = io.taper.launcher.profile.ProfileView.Converter.class,
            description = "With --analysis method-time: rank the top table and draw the flame graph by running time "
                    + "(default: the time threads waiting, parked, blocked or sleeping is left out) or by wall time.")
    io.taper.launcher.profile.ProfileView view;

    @Option(names = "--precise",
            description = "With --analysis bytecode-count: blocks also end after every instruction that may throw, so a "
                    + "block left by an exception counts only the instructions that ran (more counters, more cost).")
    boolean precise;

    @Option(names = "--contexts",
            description = "With --analysis bytecode-count: count per calling context, and draw them as a flame graph "
                    + "(OUT/bytecode-count-flamegraph.html) and collapsed stacks (OUT/bytecode-count.collapsed). "
                    + "Counts every block in every mode (no entry-only variants).")
    boolean contexts;

    @Parameters(paramLabel = "JAVA_ARGS", arity = "1..*",
            description = "Arguments for the observed 'java' command (after --), e.g. -cp app.jar com.example.Main arg1.")
    List<String> javaArgs = new ArrayList<>();

    private static final String BYTECODE_COUNT = "bytecode-count";

    /** The three ways to run a program. */
    /** {@code --mode}'s spelling is {@link Mode#key()}, and a wrong one gets {@link Mode#parse}'s message. */
    static final class StartupPassOption implements CommandLine.ITypeConverter<StartupPass> {
        @Override
        public StartupPass convert(String value) {
            try {
                return StartupPass.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class ModeOption implements CommandLine.ITypeConverter<Mode> {
        @Override
        public Mode convert(String value) {
            try {
                return Mode.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    private static List<Path> absolute(List<Path> paths) {
        List<Path> out = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw new LauncherException(p + ": no such file or directory");
            }
            out.add(p.toAbsolutePath().normalize());
        }
        return out;
    }

    @Override
    public Integer call() {
        try {
            try {
                StateSize.parse(maxState);
            } catch (IllegalArgumentException e) {
                throw new LauncherException("--max-state: " + e.getMessage());
            }
            if (!TaperConfig.isReweavePolicy(reweave)) {
                throw new LauncherException("--reweave: " + TaperConfig.REWEAVE_POLICIES + ", got '" + reweave + "'");
            }
            if (snapshotIntervalMillis < 0 || snapshotIntervalMillis > Integer.MAX_VALUE) {
                throw new LauncherException("--snapshot-interval: " + snapshotIntervalMillis
                    + " is not a number of milliseconds (0 for none)");
            }
            if ((precise || contexts) && !BYTECODE_COUNT.equals(analysis)) {
                throw new LauncherException((precise ? "--precise" : "--contexts")
                    + " is an option of --analysis " + BYTECODE_COUNT + ", not of " + analysis);
            }
            List<String> analysisOptions = new ArrayList<>();
            if (precise) {
                analysisOptions.add("precise");
            }
            if (contexts) {
                analysisOptions.add("contexts");
            }
            Path javaExe = java == null ? Paths.get(System.getProperty("java.home"), "bin", "java") : java;
            RunOptions options = new RunOptions(analysis, mode, controller, controllerPath, out, dump, jfr,
                    javaExe, serverJava == null ? javaExe : serverJava,
                    serverStartTimeoutSeconds, requestTimeoutMillis, quiet, !noBootShadows, audit, snapshotIntervalMillis, maxState, reweave,
                    absolute(sources), absolute(classes), !noReports, CacheOption.resolve(cache),
                    analysisOptions, view.key(), startupPass, sharedServer(), javaArgs);
            return new RunLauncher(TaperHome.locate(), options).run();
        } catch (LauncherException e) {
            System.err.println("taper: " + e.getMessage());
            return 2;
        }
    }

    private Path sharedServer() {
        if (server != AgentCommand.ServerChoice.shared) {
            return null;
        }
        return serverDir != null ? serverDir.toAbsolutePath().normalize()
            : io.taper.protocol.SharedServerPaths.forServerJar(TaperHome.locate().serverJar()).dir();
    }
}
