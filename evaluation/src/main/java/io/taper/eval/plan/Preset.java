package io.taper.eval.plan;

import java.util.Locale;

/** A size preset: the workloads' size argument and the defaults that suit it. */
public enum Preset {
    /** Each built-in workload ≤ 3 s uninstrumented; one run per configuration. */
    CI(1, 600),
    /** Each built-in workload 10–60 s uninstrumented; five interleaved runs per configuration. */
    FULL(5, 3600);

    private final int defaultRuns;
    private final int defaultTimeoutSeconds;

    Preset(int defaultRuns, int defaultTimeoutSeconds) {
        this.defaultRuns = defaultRuns;
        this.defaultTimeoutSeconds = defaultTimeoutSeconds;
    }

    public int defaultRuns() {
        return defaultRuns;
    }

    public int defaultTimeoutSeconds() {
        return defaultTimeoutSeconds;
    }

    /** The lower-case name used on the command line and passed to drivers as {@code --size}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Preset parse(String s) {
        for (Preset p : values()) {
            if (p.id().equals(s.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("preset must be ci or full, got " + s);
    }
}
