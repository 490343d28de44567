package io.taper.runtime;

/**
 * The memory budget of an analysis's state in the observed JVM ({@code --max-state}). The agent measures
 * the state ({@link AnalysisResults#stateBytes()}) while the program runs and, once it reaches
 * {@link #DEGRADE_SHARE} of the budget, declares the budget reached: from then on an analysis keeps its
 * state from growing in the way its README documents (method-time: trees cut their coldest contexts,
 * per-method figures stay exact), and the results say so ({@code stats.state}). The flag never goes back:
 * a result is degraded from one known moment on, not on and off.
 */
public final class StateBudget {

    /** The share of the budget at which analyses stop growing their state. */
    public static final double DEGRADE_SHARE = 0.9;

    private static volatile long budgetBytes = Long.MAX_VALUE;
    private static volatile boolean reached;
    private static volatile long reachedAtNanos;
    private static volatile boolean heapGone;

    private StateBudget() {
    }

    /** Sets the budget (bytes; at least 1). */
    public static void set(long bytes) {
        budgetBytes = Math.max(1, bytes);
    }

    public static long budgetBytes() {
        return budgetBytes;
    }

    /** True once the state reached {@link #DEGRADE_SHARE} of the budget: analyses stop growing it. */
    public static boolean reached() {
        return reached;
    }

    /** Called by whoever measures the state; returns true if this measurement reached the budget. */
    public static boolean measured(long stateBytes) {
        if (!reached && stateBytes >= (long) (budgetBytes * DEGRADE_SHARE)) {
            reachedAtNanos = System.nanoTime();
            reached = true;
            return true;
        }
        return false;
    }

    /**
     * An analysis ran out of heap: the budget counts as reached, and {@link #heapGone()} tells analyses to
     * allocate nothing more at all (not even flattened contexts).
     */
    public static void heapExhausted() {
        heapGone = true;
        if (!reached) {
            reachedAtNanos = System.nanoTime();
            reached = true;
        }
    }

    /** True once analysis code ran out of heap: state may not grow by a single allocation. */
    public static boolean heapGone() {
        return heapGone;
    }

    /** {@link System#nanoTime()} when the budget was reached (0 if it was not). */
    public static long reachedAtNanos() {
        return reachedAtNanos;
    }

    /**
     * No budget, not reached, as at the JVM's start: after a detach the next attach sets its own and starts below it
     * (the flag otherwise never goes back). Also for tests that run several budgets in one JVM.
     */
    public static void reset() {
        reached = false;
        heapGone = false;
        reachedAtNanos = 0;
        budgetBytes = Long.MAX_VALUE;
    }
}
