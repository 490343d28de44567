package io.taper.eval;

import io.taper.eval.plan.BuiltinWorkloads;
import io.taper.eval.plan.RunKind;
import io.taper.eval.plan.Preset;
import io.taper.eval.plan.RunPlan;
import io.taper.eval.plan.RunSpec;
import io.taper.eval.plan.Workload;
import io.taper.eval.plan.WorkloadFile;
import io.taper.eval.report.Reports;
import io.taper.eval.run.AccuracyPass;
import io.taper.eval.run.CoverageAgreementPass;
import io.taper.eval.run.Evaluation;
import io.taper.eval.run.JacocoReportPass;
import io.taper.eval.run.ProcessRunner;
import io.taper.eval.run.RunLog;
import io.taper.eval.run.TaperCommand;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./taper eval}: runs workloads × analyses × modes (none, fixed, adaptive) under the launcher,
 * interleaved, several runs each, and writes runs.csv, report.md and report.html.
 */
@Command(name = "taper eval", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 110,
        description = {
            "Compare uninstrumented, fixed and adaptive runs of real workloads under Taper.",
            "Every run is `taper run --analysis A --mode M --out DIR -- <jvm flags> -cp CP MAIN ARGS`, timed by",
            "the harness; configurations are interleaved (round 1 of all, round 2 of all, ...) and reported as",
            "medians. Failed or timed-out runs are reported as such and the rest go on.",
            "",
            "Built-in workloads (real libraries resolved by Maven): h2, lucene, xalan, fop, pmd, jackson, javac,",
            "rhino, serve (a server under client load: reported by throughput), peer-tests (a test suite), ant (a",
            "build tool) (`--list` says more).",
            "Add your own with --workload-file (see evaluation/README.md)."},
        footer = {"", "Exit status: 0 done, 1 --check found problems, 2 bad arguments.",
            "Example: ./taper eval --preset ci --workloads h2,xalan --analyses sfa --out /tmp/eval"})
public final class EvalMain implements Callable<Integer> {

    @Option(names = "--preset", paramLabel = "ci|full", defaultValue = "ci",
            description = "Workload size: ci (each built-in ≤ 3 s uninstrumented, 1 run) or full (10–60 s, 5 runs)."
                    + " Default: ${DEFAULT-VALUE}.")
    String preset;

    @Option(names = "--workloads", split = ",", paramLabel = "NAME",
            description = "Workloads to run, comma-separated. Default: all built-in and --workload-file ones.")
    List<String> workloads;

    @Option(names = "--analyses", split = ",", paramLabel = "NAME", defaultValue = "sfa,method-time",
            description = "Analyses to run, comma-separated. A variant adds launcher flags after '+' and is reported "
                    + "as an analysis of its own: bytecode-count+contexts runs `taper run --analysis bytecode-count "
                    + "--contexts`. Default: ${DEFAULT-VALUE}.")
    List<String> analyses;

    @Option(names = "--modes", split = ",", paramLabel = "MODE", defaultValue = "none,fixed,adaptive",
            description = "Modes to run among none, fixed, adaptive. Default: ${DEFAULT-VALUE}.")
    List<String> modes;

    @Option(names = "--runs", paramLabel = "N", description = "Runs per configuration. Default: 1 for ci, 5 for full.")
    Integer runs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Output directory. Default: eval-results/<preset>-<date-time>.")
    Path out;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "Time limit per run; a run over it is killed and reported as a timeout."
                    + " Default: 600 for ci, 3600 for full.")
    Integer timeoutSeconds;

    @Option(names = "--workload-file", paramLabel = "FILE",
            description = "A user workload file (.json or .properties: name, classPath, mainClass, args). Repeatable.")
    List<Path> workloadFiles = new ArrayList<>();

    @Option(names = "--jvm-flags", paramLabel = "FLAGS", defaultValue = "-Xms1g -Xmx1g -XX:+UseParallelGC",
            description = "JVM flags for every configuration (space-separated). Default: ${DEFAULT-VALUE}.")
    String jvmFlags;

    @Option(names = "--no-jfr",
            description = "Skip the JDK Flight Recorder reference runs (method-time accuracy, Table 5).")
    boolean noJfr;

    @Option(names = "--no-jacoco",
            description = "Skip the JaCoCo agent's reference runs (the coverage analysis's third column and agreement).")
    boolean noJacoco;

    @Option(names = "--lossless", split = ",", paramLabel = "NAME", defaultValue = RunPlan.LOSSLESS,
            description = "Analyses whose adaptive table must equal the fixed one (reported; --check fails"
                    + " otherwise). Default: ${DEFAULT-VALUE}.")
    List<String> lossless;

    @Option(names = "--check",
            description = "Exit 1 if a run failed or timed out, an instrumented run has no result rows, a workload's"
                    + " output differs between runs, or a lossless analysis's adaptive table differs from fixed."
                    + " No time limit is checked.")
    boolean check;

    @Option(names = "--taper", paramLabel = "FILE",
            description = "The taper launcher script. Default: ./taper, else the repository's top-level taper.")
    Path taper;

    @Option(names = "--audit", description = {"Adaptive runs audit their removals (taper run --audit): removed sites keep "
            + "running, checked. The report lists the violations; with --check, a violation of a lossless analysis "
            + "fails the evaluation. Timings of audited runs are not adaptive mode's."})
    boolean audit;

    @Option(names = "--cache", paramLabel = "DIR|off",
            description = "The instrumented runs' woven-class cache (taper run --cache): a directory, or off to weave "
                    + "every class afresh in every run. Default: the launcher's (the user's cache, shared with other "
                    + "runs: a workload's first round may weave what later rounds find in it).")
    String cache;

    @Option(names = "--report-only", description = "Do not run anything: redraw the reports from DIR/runs.json.")
    boolean reportOnly;

    @Option(names = "--dry-run", description = "Print the run plan and the first command line, run nothing.")
    boolean dryRun;

    @Option(names = "--list", description = "List the available workloads and exit.")
    boolean list;

    private final PrintStream stdout;
    private final PrintStream stderr;

    public EvalMain() {
        this(System.out, System.err);
    }

    EvalMain(PrintStream stdout, PrintStream stderr) {
        this.stdout = stdout;
        this.stderr = stderr;
    }

    public static void main(String[] args) {
        System.exit(execute(args, System.out, System.err));
    }

    static int execute(String[] args, PrintStream stdout, PrintStream stderr) {
        CommandLine cl = new CommandLine(new EvalMain(stdout, stderr));
        cl.setOut(new java.io.PrintWriter(stdout, true));
        cl.setErr(new java.io.PrintWriter(stderr, true));
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof IllegalArgumentException) {
                stderr.println("taper eval: " + e.getMessage());
                return 2;
            }
            throw e;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        Preset p = Preset.parse(preset);
        Path target = EvalPaths.targetDir();
        Map<String, Workload> available = availableWorkloads(target);
        if (list) {
            available.values().forEach(w -> stdout.println(w.name() + "  " + w.mainClass() + " " + String.join(" ", w.args(p))));
            return 0;
        }
        Path outDir = out != null ? out : Path.of("eval-results", p.id() + "-"
                + LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        LinkedHashSet<String> losslessSet = new LinkedHashSet<>(lossless);
        if (reportOnly) {
            if (!java.nio.file.Files.isRegularFile(outDir.resolve(RunLog.FILE))) {
                throw new IllegalArgumentException(outDir + " has no " + RunLog.FILE + ": --report-only redraws the"
                        + " reports of an evaluation run into that directory");
            }
            return report(outDir, RunLog.read(outDir), losslessSet);
        }
        List<Workload> chosen = choose(available);
        List<RunKind> chosenModes = modes.stream().map(RunKind::parse).toList();
        if (chosenModes.contains(RunKind.JFR) || chosenModes.contains(RunKind.JACOCO)) {
            throw new IllegalArgumentException("--modes takes none, fixed, adaptive (JFR runs are added for method-time,"
                + " JaCoCo runs for coverage)");
        }
        int rounds = runs != null ? runs : p.defaultRuns();
        if (rounds < 1) {
            throw new IllegalArgumentException("--runs must be at least 1");
        }
        List<RunSpec> plan = RunPlan.interleaved(chosen, analyses, chosenModes, rounds, !noJfr, !noJacoco);
        if (plan.isEmpty()) {
            throw new IllegalArgumentException("nothing to run: no workload, analysis or mode selected");
        }
        List<String> flags = Arrays.stream(jvmFlags.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
        Path taperScript = taper != null ? taper : EvalPaths.findTaper(target).orElse(Path.of("taper").toAbsolutePath());
        TaperCommand command = new TaperCommand(taperScript, flags, TaperCommand.analysisOf(analyses.get(0)), audit, target.resolve("jacocoagent.jar"),
            cache == null ? null : cache.equals("off") ? "off" : Path.of(cache).toAbsolutePath().toString(),
            target.resolve("jacococli.jar"));
        if (dryRun) {
            stdout.println(plan.size() + " runs:");
            plan.forEach(s -> stdout.println("  " + s.label()));
            stdout.println("first command: " + String.join(" ", command.run(plan.get(0), p, outDir.resolve(plan.get(0).dirName()))));
            return 0;
        }
        if (!Files.isRegularFile(taperScript)) {
            throw new IllegalArgumentException("no taper launcher at " + taperScript + " (use --taper FILE)");
        }
        Files.createDirectories(outDir);
        int timeout = timeoutSeconds != null ? timeoutSeconds : p.defaultTimeoutSeconds();
        RunLog log = new RunLog(p.id(), flags, machine(), OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                chosen.stream().filter(Workload::deterministic).map(Workload::name).toList(),
                chosen.stream().filter(Workload::interleaved).map(Workload::name).toList(), List.of());
        ProcessRunner runner = new ProcessRunner();
        stderr.println("[taper eval] " + plan.size() + " runs, " + rounds + " per configuration, output in " + outDir);
        log = new Evaluation(outDir, p, Duration.ofSeconds(timeout), command, runner, stderr, System::currentTimeMillis)
                .run(plan, log);
        log = log.withRuns(new JacocoReportPass(outDir, command, runner, stderr).run(log.runs()));
        log.write(outDir);
        new AccuracyPass(outDir, command, runner, stderr).run(log.runs());
        new CoverageAgreementPass(outDir, command, runner, stderr).run(log.runs());
        return report(outDir, log, losslessSet);
    }

    private int report(Path outDir, RunLog log, LinkedHashSet<String> losslessSet) throws java.io.IOException {
        List<String> problems = Reports.write(outDir, log, losslessSet);
        stdout.println("report: " + outDir.resolve(Reports.MARKDOWN));
        stdout.println("report: " + outDir.resolve(Reports.HTML));
        stdout.println("runs:   " + outDir.resolve(Reports.CSV));
        if (!problems.isEmpty()) {
            stdout.println(problems.size() + " problem(s):");
            problems.forEach(x -> stdout.println("  " + x));
        }
        return check && !problems.isEmpty() ? 1 : 0;
    }

    private Map<String, Workload> availableWorkloads(Path target) throws java.io.IOException {
        Map<String, Workload> byName = new LinkedHashMap<>();
        if (!reportOnly) {
            for (Workload w : BuiltinWorkloads.all(EvalPaths.builtinClassPath(target),
                    EvalPaths.peerTestsClassPath(target))) {
                byName.put(w.name(), w);
            }
        }
        for (Path f : workloadFiles) {
            for (Workload w : WorkloadFile.read(f)) {
                byName.put(w.name(), w); // a user's workload may replace a built-in of the same name
            }
        }
        return byName;
    }

    private List<Workload> choose(Map<String, Workload> available) {
        if (workloads == null || workloads.isEmpty()) {
            return new ArrayList<>(available.values());
        }
        List<Workload> out = new ArrayList<>();
        for (String name : workloads) {
            Workload w = available.get(name.trim());
            if (w == null) {
                throw new IllegalArgumentException("unknown workload \"" + name + "\"; known: "
                        + String.join(", ", available.keySet()));
            }
            out.add(w);
        }
        return out;
    }

    private static String machine() {
        return Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version");
    }
}
