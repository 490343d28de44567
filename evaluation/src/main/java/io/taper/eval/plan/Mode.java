package io.taper.eval.plan;

import java.util.Locale;

/** How one run observes its workload. */
public enum Mode {
    /** Uninstrumented: the baseline for overhead factors. */
    NONE("none"),
    /** Every site woven for the whole run. */
    FIXED("fixed"),
    /** Woven, with the analysis's controller removing sites at run time. */
    ADAPTIVE("adaptive"),
    /**
     * Uninstrumented with a JDK Flight Recorder recording: the reference profile for method-time
     * accuracy. Kept apart from {@link #NONE} so that the recording does not perturb the baseline.
     */
    JFR("jfr");

    private final String id;

    Mode(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The value of {@code ./taper run --mode}. */
    public String launcherMode() {
        return this == JFR ? "none" : id;
    }

    /** True for the modes that weave an analysis and so produce a result table. */
    public boolean instrumented() {
        return this == FIXED || this == ADAPTIVE;
    }

    public static Mode parse(String s) {
        for (Mode m : values()) {
            if (m.id.equals(s.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("mode must be none, fixed, adaptive or jfr, got " + s);
    }
}
