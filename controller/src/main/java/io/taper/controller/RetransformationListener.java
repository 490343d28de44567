package io.taper.controller;

import java.util.List;

/**
 * Told about every {@code retransformClasses} call the controller makes (Byte Buddy's listener idea).
 * Pause times are wall-clock nanoseconds spent inside {@code retransformClasses}, which includes the
 * transformer's round trip to the instrumentation server.
 */
public interface RetransformationListener {

    /**
     * A call that retransformed every class of the batch.
     *
     * @param nanos      time inside {@code retransformClasses}
     * @param weaveNanos the part of it spent weaving (the transformer's round trips to the server), as
     *                   far as the calling thread measured it; the rest is the JVM's redefinition
     * @param stoppedMillis how long the JVM stood at safepoints meanwhile (the redefinition's stop of the program,
     *                   and any collection that fell in the call), -1 if unknown
     */
    default void onBatch(List<Class<?>> batch, long nanos, long weaveNanos, long stoppedMillis) {
    }

    /** A call that failed; the batch is retried in halves if the strategy splits failed batches. */
    default void onBatchError(List<Class<?>> batch, Throwable error, long nanos) {
    }

    /** A class that could not be retransformed on its own: it keeps its previous code. */
    default void onClassFailed(Class<?> type, Throwable error) {
    }

    /**
     * A batch's classes were woven ahead of its call ({@link AheadWeaving}).
     *
     * @param classes the batch's classes
     * @param ready   the answers that were ready before the call
     * @param used    those the transformer took
     * @param nanos   time spent weaving ahead (before the call, not part of its pause)
     */
    default void onAhead(int classes, int ready, int used, long nanos) {
    }

    /** The end of one pass over the classes of one controller step. */
    default void onComplete(int classes, int failed) {
    }
}
