package io.taper.agent.internal;

import io.taper.result.ResultKeys.State;
import io.taper.runtime.AnalysisResults;
import io.taper.runtime.StateBudget;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Measures the analysis's state ({@link AnalysisResults#stateBytes()}) against the run's budget: keeps the
 * peak, tells {@link StateBudget} when the budget is reached, and reports both as {@code stats.state}.
 */
final class StateMeter {

    private final long budgetBytes;
    private final long reserveBytes;
    private final long startNanos = System.nanoTime();
    private volatile AnalysisResults results;
    private volatile long lastBytes = -1;
    private volatile long peakBytes = -1;
    private volatile long measurements;
    private volatile String error;

    StateMeter(long budgetBytes, long reserveBytes) {
        this.budgetBytes = budgetBytes;
        this.reserveBytes = reserveBytes;
        StateBudget.set(budgetBytes);
    }

    /** The analysis's results object, once its class is known. */
    void results(AnalysisResults r) {
        this.results = r;
    }

    /** Why there will be no measurements (reported in {@code stats.state.error}). */
    void failed(String why) {
        error = why;
    }

    /** One measurement; never throws. */
    void measure() {
        AnalysisResults r = results;
        if (r == null) {
            return;
        }
        try {
            long b = r.stateBytes();
            measurements++;
            if (b >= 0) {
                lastBytes = b;
                if (b > peakBytes) {
                    peakBytes = b;
                }
                StateBudget.measured(b);
            }
        } catch (Throwable t) {
            error = t.toString();
        }
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(State.BUDGET_BYTES, budgetBytes);
        m.put(State.BYTES, lastBytes);
        m.put(State.PEAK_BYTES, peakBytes);
        m.put("measurements", measurements);
        m.put(State.BUDGET_REACHED, StateBudget.reached());
        if (StateBudget.reached()) {
            m.put("budgetReachedAtMillis", Math.max(0, (StateBudget.reachedAtNanos() - startNanos) / 1_000_000));
        }
        m.put("exitReserveBytes", reserveBytes);
        if (error != null) {
            m.put("error", error);
        }
        return m;
    }
}
