package io.taper.controller.internal;

import io.taper.runtime.AnalysisResults;

/**
 * The analysis's results object for strategies, created from its class name on first use. The class is
 * on the boot class path (the analysis jar), where the analysis's state lives, so any instance shows the
 * same state as the one the agent reads at the end.
 */
public final class ResultsHolder {

    private final String className;
    private AnalysisResults results;
    private String error;

    public ResultsHolder(String className) {
        this.className = className == null || className.isEmpty() ? null : className;
    }

    /** The results object, or null if the analysis has none or it cannot be created (see {@link #error()}). */
    public synchronized AnalysisResults get() {
        if (results == null && error == null && className != null) {
            try {
                results = (AnalysisResults) Class.forName(className, true, null).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
                error = "results class " + className + ": " + e;
            }
        }
        return results;
    }

    public synchronized String error() {
        return error;
    }
}
