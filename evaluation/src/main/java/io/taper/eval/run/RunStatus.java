package io.taper.eval.run;

/** How a run ended. */
public enum RunStatus {
    /** Exit code 0 within the time limit. */
    OK,
    /** A non-zero exit code, or the process could not be started. */
    FAILED,
    /** Killed at the per-run time limit. */
    TIMEOUT;

    /** Lower case, as in runs.csv and the reports. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
