package io.taper.launcher.merge;

import java.util.List;
import java.util.Map;

/** How one analysis's results join: its rows matched by what they describe, and its summary. */
public interface AnalysisMerge {

    /** The analysis's name, as in its results. */
    String analysis();

    /** The merged rows and summary of {@code inputs} (all of this analysis). */
    Merged merge(List<MergeInput> inputs);

    /** Rows and summary of a merged result. */
    record Merged(List<Map<String, Object>> rows, Map<String, Object> summary) {
    }
}
