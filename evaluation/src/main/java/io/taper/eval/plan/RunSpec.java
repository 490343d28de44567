package io.taper.eval.plan;

/**
 * One planned run. For {@link RunKind#NONE} and {@link RunKind#JFR} the workload runs uninstrumented and
 * {@code analysis} is the empty string: one baseline serves every analysis of that workload.
 *
 * @param round 1-based; each round runs every configuration once
 */
public record RunSpec(Workload workload, String analysis, RunKind mode, int round) {

    /** A name unique within one evaluation, usable as a relative directory. */
    public String dirName() {
        String a = analysis.isEmpty() ? "" : analysis + "/";
        return workload.name() + "/" + a + mode.id() + "-" + round;
    }

    /** A short label for progress lines. */
    public String label() {
        return workload.name() + (analysis.isEmpty() ? "" : " " + analysis) + " " + mode.id() + " #" + round;
    }
}
