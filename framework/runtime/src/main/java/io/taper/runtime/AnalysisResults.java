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

    /** Optional analysis-specific summary, added to result.json under "summary". */
    default Map<String, Object> summary() {
        return Map.of();
    }
}
