package io.taper.eval.run;

import io.taper.eval.plan.RunKind;
import io.taper.eval.plan.RunPlan;
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
 *                   default (the user's woven-class cache)
 */
public record TaperCommand(Path taper, List<String> jvmFlags, String noneAnalysis, boolean audit, Path jacocoAgent,
                           String cache) {

    public TaperCommand(Path taper, List<String> jvmFlags, String noneAnalysis) {
        this(taper, jvmFlags, noneAnalysis, false, null, null);
    }

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
                if (!f.isEmpty()) {
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
        if (spec.mode().instrumented() && cache != null) {
            cmd.add("--cache");
            cmd.add(cache);
        }
        if (spec.mode().instrumented() && spec.analysis().equals(RunPlan.COVERAGE)) {
            // the exec file, as JaCoCo's agent writes it; the reports are a later step for both
            cmd.add("--no-reports");
        }
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

    /** Taper's coverage against JaCoCo's, as JSON: {@code <taper> coverage-diff RUN EXEC --json}. */
    public List<String> coverageDiff(Path taperRun, Path jacocoExec) {
        return List.of(taper.toString(), "coverage-diff", taperRun.toString(), jacocoExec.toString(), "--json", "--max", "20");
    }

    public List<String> profileAccuracy(Path recording, Path result) {
        return List.of(taper.toString(), "profile-accuracy", "--jfr", recording.toString(), result.toString(), "--json");
    }
}
