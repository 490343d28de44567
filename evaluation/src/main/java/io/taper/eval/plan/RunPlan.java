package io.taper.eval.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of runs. Configurations are interleaved (round 1 of everything, then round 2, ...) so that
 * a slow drift of the machine, e.g. another process starting, spreads over all configurations
 * instead of biasing one. Within a round and workload: the uninstrumented baseline, the JFR reference
 * run if an analysis needs one, then fixed and adaptive for each analysis.
 */
public final class RunPlan {

    /** The analysis whose accuracy is judged against a JDK Flight Recorder profile. */
    public static final String METHOD_TIME = "method-time";
    /** The analysis whose overhead and result are compared with the JaCoCo agent's. */
    public static final String COVERAGE = "coverage";
    /** The analyses whose adaptive result must equal the fixed one unless told otherwise ({@code --lossless}). */
    public static final String LOSSLESS = "sfa,coverage";

    private RunPlan() {
    }

    /**
     * @param modes which of none, fixed, adaptive to run; JFR runs are added where
     *              {@link #METHOD_TIME} is analysed and {@code withJfr} is set, JaCoCo runs (after the coverage
     *              runs) where {@link #COVERAGE} is analysed and {@code withJacoco} is set
     */
    public static List<RunSpec> interleaved(List<Workload> workloads, List<String> analyses, List<RunKind> modes,
                                            int rounds, boolean withJfr) {
        return interleaved(workloads, analyses, modes, rounds, withJfr, true);
    }

    /** Whether a configured analysis is {@link #COVERAGE} or a variant of it ({@code coverage+cold-cache}). */
    static boolean isCoverage(String configured) {
        return configured.equals(COVERAGE) || configured.startsWith(COVERAGE + "+");
    }

    public static List<RunSpec> interleaved(List<Workload> workloads, List<String> analyses, List<RunKind> modes,
                                            int rounds, boolean withJfr, boolean withJacoco) {
        boolean jfr = withJfr && analyses.contains(METHOD_TIME);
        List<RunSpec> plan = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            for (Workload w : workloads) {
                if (modes.contains(RunKind.NONE)) {
                    plan.add(new RunSpec(w, "", RunKind.NONE, round));
                }
                if (jfr) {
                    plan.add(new RunSpec(w, "", RunKind.JFR, round));
                }
                boolean jacoco = false;
                for (String analysis : analyses) {
                    for (RunKind m : List.of(RunKind.FIXED, RunKind.ADAPTIVE)) {
                        if (modes.contains(m)) {
                            plan.add(new RunSpec(w, analysis, m, round));
                        }
                    }
                    // once per workload and round, after the first coverage configuration (its variants too)
                    if (withJacoco && !jacoco && isCoverage(analysis)) {
                        plan.add(new RunSpec(w, COVERAGE, RunKind.JACOCO, round));
                        jacoco = true;
                    }
                }
            }
        }
        return plan;
    }
}
