package io.taper.runtime;

import java.util.List;
import java.util.Map;

/**
 * An analysis's view of its own state as a table, read by the agent at the end of the run (and by
 * controller strategies during it). Implementations live in the analysis jar on the boot class path
 * and have a public no-argument constructor.
 */
public interface AnalysisResults {

    /** One map per row; values are String, Number, Boolean, List or Map (JSON-shaped). */
    List<Map<String, Object>> rows();

    /**
     * The rows of a snapshot that the agent writes while the program runs, on Taper's own thread: the same schema
     * as {@link #rows()}, but read without loading a class or running any of the program's code (its class loaders
     * included), which the program, still running, would see. An analysis whose {@link #rows()} needs either (at
     * the end, when the program is done) gives a snapshot what it knows without. By default {@link #rows()}.
     */
    default List<Map<String, Object>> snapshotRows() {
        return rows();
    }

    /** Optional analysis-specific summary, added to result.json under "summary". */
    default Map<String, Object> summary() {
        return Map.of();
    }

    /**
     * The bytes the analysis's state holds in the observed JVM now (its tables, trees, per-thread and
     * per-object state; an estimate from array lengths and entry counts, not a heap walk), or -1 if the
     * analysis does not say. The agent calls it periodically, on its own thread, while the program runs:
     * it must be cheap (no copy of the state) and safe against concurrent updates.
     */
    default long stateBytes() {
        return -1;
    }

    /**
     * Clears the analysis's own static state after a detach: its tables, trees and per-thread state, and its samplers,
     * stopped so that the next session may start them again. A later attach then starts from zero, as if the analysis
     * had never run: the classes stay loaded on the boot class path, and their state would otherwise be read, under
     * numbers the new session hands out again from zero, as the new session's. The runtime's own state is cleared by
     * {@link RuntimeReset}, after this. The agent calls it on a new instance, once the classes are restored and the
     * results written. By default nothing: an analysis that keeps all its state in the runtime has none of its own.
     */
    default void reset() {
    }
}
