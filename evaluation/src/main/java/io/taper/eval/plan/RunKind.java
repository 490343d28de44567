package io.taper.eval.plan;

import io.taper.result.Mode;
import java.util.Locale;

/**
 * The kinds of run an evaluation plans for a workload: a Taper {@link Mode}, or the uninstrumented run that records
 * the JDK Flight Recorder profile, which method-time's accuracy is measured against.
 */
public enum RunKind {
    /** Uninstrumented: the baseline for overhead factors. */
    NONE("none", Mode.NONE),
    /** Every site woven for the whole run. */
    FIXED("fixed", Mode.FIXED),
    /** Woven, with the analysis's controller removing sites at run time. */
    ADAPTIVE("adaptive", Mode.ADAPTIVE),
    /**
     * Uninstrumented with a JDK Flight Recorder recording: the reference profile for method-time
     * accuracy. Kept apart from {@link #NONE} so that the recording does not perturb the baseline.
     */
    JFR("jfr", Mode.NONE),
    /**
     * Uninstrumented by Taper, with the JaCoCo agent: the reference for the coverage analysis, its overhead a column
     * next to Taper's and its covered lines the ones Taper's must equal.
     */
    JACOCO("jacoco", Mode.NONE);

    private final String id;
    private final Mode taperMode;

    RunKind(String id, Mode taperMode) {
        this.id = id;
        this.taperMode = taperMode;
    }

    public String id() {
        return id;
    }

    /** The value of {@code ./taper run --mode}. */
    public Mode taperMode() {
        return taperMode;
    }

    /** True for the kinds that weave an analysis and so produce a result table. */
    public boolean instrumented() {
        return taperMode.instrumented();
    }

    public static RunKind parse(String s) {
        for (RunKind k : values()) {
            if (k.id.equals(s.toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new IllegalArgumentException("a run is none, fixed, adaptive, jfr or jacoco, got " + s);
    }
}
