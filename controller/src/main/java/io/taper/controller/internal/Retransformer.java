package io.taper.controller.internal;

import io.taper.controller.AheadWeaving;
import io.taper.controller.RetransformationListener;
import io.taper.controller.RetransformationStrategy;
import io.taper.controller.SupertypeFirstPhases;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one pass of retransformation: cuts the classes into batches, calls the JVM once per batch,
 * and on a failed call retries the halves (if the strategy says so) until the failing class is alone.
 * Never throws: failures go to the listener.
 */
public final class Retransformer {

    /** The JVM operation: {@code Instrumentation::retransformClasses} through {@code RetransformLock} outside tests. */
    @FunctionalInterface
    public interface Operation {
        /** While no other call runs. */
        void retransform(Class<?>[] classes) throws Throwable;

        /** Alongside other calls of this method whose classes include none of these classes' supertypes. */
        default void retransformInPhase(Class<?>[] classes) throws Throwable {
            retransform(classes);
        }
    }

    private final Operation operation;
    private final java.util.function.LongSupplier weaveClock;
    private final RetransformationStrategy strategy;
    private final RetransformationListener listener;
    private final Runnable helperSetup;
    private final AheadWeaving ahead;
    private final java.util.function.LongSupplier stoppedClock;

    /**
     * @param weaveClock nanoseconds spent weaving on this thread so far (read around each call), or null
     */
    public Retransformer(Operation operation, java.util.function.LongSupplier weaveClock,
                         RetransformationStrategy strategy, RetransformationListener listener) {
        this(operation, weaveClock, strategy, listener, () -> { });
    }

    /**
     * @param helperSetup run first on each helper thread that makes one of a batch's parallel calls (the controller
     *                    puts it in the bypass and starts its weave clock)
     */
    public Retransformer(Operation operation, java.util.function.LongSupplier weaveClock,
                         RetransformationStrategy strategy, RetransformationListener listener, Runnable helperSetup) {
        this(operation, weaveClock, strategy, listener, helperSetup, AheadWeaving.NONE);
    }

    public Retransformer(Operation operation, java.util.function.LongSupplier weaveClock,
                         RetransformationStrategy strategy, RetransformationListener listener, Runnable helperSetup,
                         AheadWeaving ahead) {
        this(operation, weaveClock, strategy, listener, helperSetup, ahead, () -> -1);
    }

    /**
     * @param ahead        weaves each batch's classes before its call
     * @param stoppedClock milliseconds the JVM has stood at safepoints ({@link SafepointClock}), -1 if unknown
     */
    public Retransformer(Operation operation, java.util.function.LongSupplier weaveClock,
                         RetransformationStrategy strategy, RetransformationListener listener, Runnable helperSetup,
                         AheadWeaving ahead, java.util.function.LongSupplier stoppedClock) {
        this.stoppedClock = stoppedClock;
        this.ahead = ahead;
        this.helperSetup = helperSetup;
        this.operation = operation;
        this.weaveClock = weaveClock;
        this.strategy = strategy;
        this.listener = listener;
    }

    /** Retransforms the classes; returns those that could not be retransformed. */
    public List<Class<?>> retransform(List<Class<?>> classes) {
        List<Class<?>> failed = java.util.Collections.synchronizedList(new ArrayList<>());
        for (List<Class<?>> batch : strategy.batches(classes)) {
            long t0 = System.nanoTime();
            int ready = 0;
            try {
                ready = ahead.prepare(batch);
            } catch (RuntimeException | Error e) {
                // weaving ahead only saves time: without it, the transformer takes its round trips
            }
            long aheadNanos = System.nanoTime() - t0;
            try {
                // parts only overlap their calls' round trips: a batch woven ahead has none left to overlap
                List<List<Class<?>>> parts = ready == batch.size() ? List.of(batch) : strategy.parts(batch);
                if (parts.size() == 1 || !SupertypeFirstPhases.independent(parts)) {
                    run(batch, failed, true);
                } else {
                    runAtOnce(parts, failed);
                }
            } finally {
                int used = 0;
                try {
                    used = ahead.finish();
                } catch (RuntimeException | Error e) {
                    // as above
                }
                listener.onAhead(batch.size(), ready, used, aheadNanos);
            }
        }
        listener.onComplete(classes.size(), failed.size());
        return new ArrayList<>(failed);
    }

    /** The first part on this thread, the others on helper threads, all at once; returns when all are done. */
    private void runAtOnce(List<List<Class<?>>> parts, List<Class<?>> failed) {
        List<Thread> helpers = new ArrayList<>();
        for (int i = 1; i < parts.size(); i++) {
            List<Class<?>> part = parts.get(i);
            Thread t = new Thread(() -> {
                try {
                    helperSetup.run();
                    run(part, failed, false);
                } catch (RuntimeException | Error e) {
                    // nobody would see it die: the part's fate is unknown, so its classes count as failed
                    failed.addAll(part);
                }
            }, "taper-retransform-" + i);
            t.setDaemon(true);
            helpers.add(t);
            t.start();
        }
        run(parts.get(0), failed, false);
        for (Thread t : helpers) {
            boolean interrupted = false;
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * @param alone whether no other call runs meanwhile: the safepoints of calls at once cannot be told apart, so each
     *              of them reports its stop as unknown; calls at once are in phase (their parts are independent)
     */
    private void run(List<Class<?>> batch, List<Class<?>> failed, boolean alone) {
        // The clock first, before the weave clock starts: its first read loads (and weaves) what reads the
        // counter. It is read only once a batch runs, so that a run without one never starts the JDK's management,
        // which the program may start itself, observed (ControllerSideEffectsTest).
        long stoppedStart = alone ? stoppedClock.getAsLong() : -1;
        long weaveStart = weaveClock == null ? 0 : weaveClock.getAsLong();
        long start = System.nanoTime();
        Throwable error = null;
        try {
            if (alone) {
                operation.retransform(batch.toArray(new Class<?>[0]));
            } else {
                operation.retransformInPhase(batch.toArray(new Class<?>[0]));
            }
        } catch (Throwable t) {
            error = t;
        }
        long nanos = System.nanoTime() - start;
        long weaveNanos = weaveClock == null ? 0 : weaveClock.getAsLong() - weaveStart;
        long stoppedEnd = stoppedStart < 0 ? -1 : stoppedClock.getAsLong();
        long stoppedMillis = stoppedEnd < 0 ? -1 : stoppedEnd - stoppedStart;
        if (error == null) {
            listener.onBatch(batch, nanos, weaveNanos, stoppedMillis);
            return;
        }
        listener.onBatchError(batch, error, nanos);
        if (batch.size() > 1 && strategy.splitFailedBatches()) {
            int half = batch.size() / 2;
            run(batch.subList(0, half), failed, alone);
            run(batch.subList(half, batch.size()), failed, alone);
        } else {
            for (Class<?> c : batch) {
                listener.onClassFailed(c, error);
                failed.add(c);
            }
        }
    }
}
