package io.taper.result;

import java.util.Locale;

/**
 * How a run observes its program: not at all, with instrumentation that stays as woven, or with a controller that
 * removes what can no longer change the result. The same type for {@code taper run --mode}, the run configuration
 * sent to the agent and the server, {@code result.json}'s {@code mode} and the evaluation's plans.
 */
public enum Mode {
    /** Uninstrumented: no agent. */
    NONE,
    /** Every site woven for the whole run. */
    FIXED,
    /** Woven, with the analysis's controller removing sites at run time. */
    ADAPTIVE;

    /** The spelling on the command line, in the configuration and in {@code result.json}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True for the modes that weave an analysis. */
    public boolean instrumented() {
        return this != NONE;
    }

    /**
     * The mode spelled {@code s} (any case).
     *
     * @throws IllegalArgumentException naming every mode if {@code s} is none of them
     */
    public static Mode parse(String s) {
        if (s != null) {
            for (Mode m : values()) {
                if (m.key().equals(s.trim().toLowerCase(Locale.ROOT))) {
                    return m;
                }
            }
        }
        throw new IllegalArgumentException("mode must be none, fixed or adaptive, got " + s);
    }

    @Override
    public String toString() {
        return key();
    }
}
