package io.taper.eval.run;

import io.taper.eval.plan.RunKind;
import io.taper.eval.plan.Preset;
import io.taper.eval.plan.RunSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher command lines the harness runs:
 * {@code <taper> run --analysis A --mode M --out DIR [--jfr FILE] -- <jvm flags> -cp CP MAIN ARGS} and
 * {@code <taper> profile-accuracy --jfr REC RESULT --json}.
 *
 * @param taper      the {@code taper} launcher script
 * @param jvmFlags   the JVM flags fixed for every configuration (heap and GC)
 * @param noneAnalysis the analysis named in uninstrumented runs (the launcher requires one; it weaves nothing)
 * @param audit      adaptive runs audit their removals ({@code --audit}) instead of carrying them out
 * @param jacocoAgent the JaCoCo agent's runtime jar, for {@link RunKind#JACOCO} runs (null if there are none)
 * @param cache      the instrumented runs' {@code --cache} (a directory or {@code off}), or null for the launcher's
 *                   default (the user's woven-class cache); a {@link #COLD_CACHE} variant has its own
 * @param jacocoCli  JaCoCo's command-line jar, for the report step of {@link RunKind#JACOCO} runs (null if none)
 */
public record TaperCommand(Path taper, List<String> jvmFlags, String noneAnalysis, boolean audit, Path jacocoAgent,
                           String cache, Path jacocoCli) {

    public TaperCommand(Path taper, List<String> jvmFlags, String noneAnalysis) {
        this(taper, jvmFlags, noneAnalysis, false, null, null, null);
    }

    /**
     * The variant that runs an analysis as a program's first run does: with a woven-class cache of its own, empty at
     * the start ({@code coverage+cold-cache}); the directory, {@value #COLD_CACHE_DIR} in the run's, goes after the run.
     */
    public static final String COLD_CACHE = "cold-cache";
    /** A cold-cache run's cache, inside its run directory. */
    public static final String COLD_CACHE_DIR = "cold-cache";

    /** Whether a configuration's name is a cold-cache variant. */
    public static boolean coldCache(String configured) {
        int plus = configured.indexOf(VARIANT);
        return plus >= 0 && List.of(configured.substring(plus + 1).split("\\" + VARIANT)).contains(COLD_CACHE);
    }

    /** The JaCoCo report step's XML and HTML, inside a JaCoCo run's directory. */
    public static final String JACOCO_XML = "jacoco-report.xml";
    public static final String JACOCO_HTML = "jacoco-html";

    /** The file name of a JaCoCo run's execution data inside its run directory. */
    public static final String JACOCO_EXEC = "jacoco-agent.exec";

    /** The flags every configuration runs with: a fixed heap and GC (GC choice alone moves workloads by 30 %). */
    public static final List<String> DEFAULT_JVM_FLAGS = List.of("-Xms1g", "-Xmx1g", "-XX:+UseParallelGC");

    /** The file name of a JFR run's recording inside its run directory. */
    public static final String RECORDING = "recording.jfr";

    /** Separates an analysis's name from the launcher flags of a variant: {@code bytecode-count+contexts}. */
    public static final String VARIANT = "+";

    /** The analysis a configuration's name runs: the part before its variant's flags. */
    public static String analysisOf(String configured) {
        int plus = configured.indexOf(VARIANT);
        return plus < 0 ? configured : configured.substring(0, plus);
    }

    /** The launcher flags of a configuration's variant: {@code a+b+c} runs {@code --analysis a --b --c}. */
    public static List<String> variantFlags(String configured) {
        List<String> flags = new ArrayList<>();
        int plus = configured.indexOf(VARIANT);
        if (plus >= 0) {
            for (String f : configured.substring(plus + 1).split("\\" + VARIANT)) {
                if (!f.isEmpty() && !f.equals(COLD_CACHE)) {
                    flags.add("--" + f);
                }
            }
        }
        return flags;
    }

    public List<String> run(RunSpec spec, Preset preset, Path runDir) {
        List<String> cmd = new ArrayList<>();
        cmd.add(taper.toString());
        cmd.add("run");
        cmd.add("--analysis");
        cmd.add(spec.analysis().isEmpty() ? noneAnalysis : analysisOf(spec.analysis()));
        cmd.add("--mode");
        cmd.add(spec.mode().taperMode().key());
        if (spec.mode().instrumented()) {
            cmd.addAll(variantFlags(spec.analysis()));
        }
        if (audit && spec.mode() == RunKind.ADAPTIVE) {
            cmd.add("--audit");
        }
        if (spec.mode().instrumented()) {
            // No mid-run snapshots: a snapshot's own class initialisation (its serializer's regex, say) runs in the
            // agent, unobserved, and hides what the program would have done there, so fixed and adaptive tables
            // would depend on whether a snapshot fell in their runs. A run that dies is a failed run here anyway.
            cmd.add("--snapshot-interval");
            cmd.add("0");
        }
        if (spec.mode().instrumented() && coldCache(spec.analysis())) {
            cmd.add("--cache");
            cmd.add(runDir.resolve(COLD_CACHE_DIR).toString());
        } else if (spec.mode().instrumented() && cache != null) {
            cmd.add("--cache");
            cmd.add(cache);
        }
        // Coverage writes its reports (XML and HTML) as a user's run does: the whole command is compared with JaCoCo's
        // agent plus JaCoCo's own report step (JacocoReportPass).
        cmd.add("--out");
        cmd.add(runDir.toString());
        if (spec.mode() == RunKind.JFR) {
            cmd.add("--jfr");
            cmd.add(runDir.resolve(RECORDING).toString());
        }
        cmd.add("--");
        if (spec.mode() == RunKind.JACOCO) {
            if (jacocoAgent == null) {
                throw new IllegalStateException("a JaCoCo run without the JaCoCo agent's jar");
            }
            cmd.add("-javaagent:" + jacocoAgent + "=destfile=" + runDir.resolve(JACOCO_EXEC));
        }
        cmd.addAll(jvmFlags);
        cmd.addAll(spec.workload().jvmArgs());
        cmd.add("-cp");
        cmd.add(spec.workload().classPath());
        cmd.add(spec.workload().mainClass());
        cmd.addAll(spec.workload().args(preset));
        return cmd;
    }

    /**
     * JaCoCo's report step over a JaCoCo run's exec file: {@code java -jar jacococli.jar report EXEC --classfiles JAR
     * --xml DIR/jacoco-report.xml --html DIR/jacoco-html}, what a JaCoCo user runs after the tests.
     */
    public List<String> jacocoReport(Path exec, Path classFiles, Path dir) {
        if (jacocoCli == null) {
            throw new IllegalStateException("a JaCoCo report step without JaCoCo's command-line jar");
        }
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jacocoCli.toString(),
            "report", exec.toString(), "--classfiles", classFiles.toString(), "--xml",
            dir.resolve(JACOCO_XML).toString(), "--html", dir.resolve(JACOCO_HTML).toString(), "--quiet");
    }

    /** Taper's coverage against JaCoCo's, as JSON: {@code <taper> coverage-diff RUN EXEC --json}. */
    public List<String> coverageDiff(Path taperRun, Path jacocoExec) {
        return List.of(taper.toString(), "coverage-diff", taperRun.toString(), jacocoExec.toString(), "--json", "--max", "20");
    }

    public List<String> profileAccuracy(Path recording, Path result) {
        return List.of(taper.toString(), "profile-accuracy", "--jfr", recording.toString(), result.toString(), "--json");
    }
}
