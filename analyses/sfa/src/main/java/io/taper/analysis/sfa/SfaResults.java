package io.taper.analysis.sfa;

import io.taper.analysis.sfa.internal.FieldEvents;
import io.taper.analysis.sfa.internal.FieldRows;
import io.taper.runtime.AnalysisResults;
import java.util.List;
import java.util.Map;

/**
 * One row per instance field accessed during the run: {@code class} (declaring class, binary name),
 * {@code field}, {@code descriptor}, {@code category} (dF declared final, uF undeclared final: only
 * written while the owning object's constructor ran, nF not final), {@code verdict} (stationary or
 * non-stationary) and {@code written} (false if no write was observed, e.g. a field set only by
 * reflection or native code). The summary holds the counts per category and verdict (the paper's Table 1).
 */
public final class SfaResults implements AnalysisResults {

    private List<Map<String, Object>> last;

    /** The table, each field resolved by reflection to its declaring class and its {@code final} modifier. */
    @Override
    public synchronized List<Map<String, Object>> rows() {
        last = FieldRows.of(FieldEvents.state().fields(), true);
        return last;
    }

    /**
     * The table without reflection, which loads the types of a class's fields: each field resolved by name to the
     * class that declares it, and final as the weaver saw it ({@link FieldRows#of}).
     */
    @Override
    public synchronized List<Map<String, Object>> snapshotRows() {
        last = FieldRows.of(FieldEvents.state().fields(), false);
        return last;
    }

    /** The field table and the per-object read marks (shadow fields live in the program's objects). */
    @Override
    public long stateBytes() {
        return FieldEvents.state().stateBytes();
    }

    /** Forgets every field, site and per-object mark the analysis keeps, and every thread's constructor frames. */
    @Override
    public synchronized void reset() {
        last = null;
        FieldEvents.reset();
    }

    /** The counts of the last rows read (of new ones if there were none), so both agree. */
    @Override
    public synchronized Map<String, Object> summary() {
        Map<String, Object> counts = new java.util.LinkedHashMap<>(FieldRows.counts(last != null ? last : rows()));
        counts.put("readMarks", FieldEvents.state().markStats());
        return counts;
    }
}
