package io.taper.controller.internal;

import io.taper.controller.RetransformationListener;
import io.taper.controller.RetransformationStrategy;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one pass of retransformation: cuts the classes into batches, calls the JVM once per batch,
 * and on a failed call retries the halves (if the strategy says so) until the failing class is alone.
 * Never throws: failures go to the listener.
 */
public final class Retransformer {

    /** The JVM operation: {@code Instrumentation::retransformClasses} outside tests. */
    @FunctionalInterface
    public interface Operation {
        void retransform(Class<?>[] classes) throws Throwable;
    }

    private final Operation operation;
    private final java.util.function.LongSupplier weaveClock;
    private final RetransformationStrategy strategy;
    private final RetransformationListener listener;

    /**
     * @param weaveClock nanoseconds spent weaving on this thread so far (read around each call), or null
     */
    public Retransformer(Operation operation, java.util.function.LongSupplier weaveClock,
                         RetransformationStrategy strategy, RetransformationListener listener) {
        this.operation = operation;
        this.weaveClock = weaveClock;
        this.strategy = strategy;
        this.listener = listener;
    }

    /** Retransforms the classes; returns those that could not be retransformed. */
    public List<Class<?>> retransform(List<Class<?>> classes) {
        List<Class<?>> failed = new ArrayList<>();
        for (List<Class<?>> batch : strategy.batches(classes)) {
            run(batch, failed);
        }
        listener.onComplete(classes.size(), failed.size());
        return failed;
    }

    private void run(List<Class<?>> batch, List<Class<?>> failed) {
        long weaveStart = weaveClock == null ? 0 : weaveClock.getAsLong();
        long start = System.nanoTime();
        Throwable error = null;
        try {
            operation.retransform(batch.toArray(new Class<?>[0]));
        } catch (Throwable t) {
            error = t;
        }
        long nanos = System.nanoTime() - start;
        long weaveNanos = weaveClock == null ? 0 : weaveClock.getAsLong() - weaveStart;
        if (error == null) {
            listener.onBatch(batch, nanos, weaveNanos);
            return;
        }
        listener.onBatchError(batch, error, nanos);
        if (batch.size() > 1 && strategy.splitFailedBatches()) {
            int half = batch.size() / 2;
            run(batch.subList(0, half), failed);
            run(batch.subList(half, batch.size()), failed);
        } else {
            for (Class<?> c : batch) {
                listener.onClassFailed(c, error);
                failed.add(c);
            }
        }
    }
}
