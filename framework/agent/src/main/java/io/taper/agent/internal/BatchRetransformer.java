package io.taper.agent.internal;

import io.taper.controller.RetransformLock;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.List;

/**
 * {@code retransformClasses} in batches. HotSpot redefines a batch atomically, so one class whose woven
 * bytes the JVM rejects fails the whole call: a failed batch is retried in halves until the culprit is
 * alone, counted, and keeps its current code (Byte Buddy's batch splitting).
 */
final class BatchRetransformer {

    private final Instrumentation inst;
    private final AgentStats stats;

    BatchRetransformer(Instrumentation inst, AgentStats stats) {
        this.inst = inst;
        this.stats = stats;
    }

    /** Retransforms while no other retransformation runs ({@link RetransformLock}). @return how many were */
    int retransform(List<Class<?>> classes, int batchSize) {
        return retransform(classes, batchSize, false);
    }

    /**
     * As above; {@code inPhase}: alongside other in-phase calls, whose classes include none of these classes'
     * supertypes and none of their subtypes.
     */
    int retransform(List<Class<?>> classes, int batchSize, boolean inPhase) {
        int ok = 0;
        for (int i = 0; i < classes.size(); i += batchSize) {
            ok += run(classes.subList(i, Math.min(classes.size(), i + batchSize)), inPhase);
        }
        return ok;
    }

    private void call(List<Class<?>> batch, boolean inPhase) throws UnmodifiableClassException {
        Class<?>[] classes = batch.toArray(new Class<?>[0]);
        if (inPhase) {
            RetransformLock.inPhase(inst, classes);
        } else {
            RetransformLock.exclusive(inst, classes);
        }
    }

    private int run(List<Class<?>> batch, boolean inPhase) {
        try {
            call(batch, inPhase);
            stats.retransformBatches.incrementAndGet();
            return batch.size();
        } catch (Throwable t) {
            if (batch.size() == 1) {
                stats.retransformFailed(batch.get(0).getName(), t);
                return 0;
            }
            int half = batch.size() / 2;
            return run(batch.subList(0, half), inPhase) + run(batch.subList(half, batch.size()), inPhase);
        }
    }
}
