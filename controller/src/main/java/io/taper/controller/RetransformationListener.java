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
     */
    default void onBatch(List<Class<?>> batch, long nanos, long weaveNanos) {
    }

    /** A call that failed; the batch is retried in halves if the strategy splits failed batches. */
    default void onBatchError(List<Class<?>> batch, Throwable error, long nanos) {
    }

    /** A class that could not be retransformed on its own: it keeps its previous code. */
    default void onClassFailed(Class<?> type, Throwable error) {
    }

    /** The end of one pass over the classes of one controller step. */
    default void onComplete(int classes, int failed) {
    }
}
