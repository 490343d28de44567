package io.taper.agent.internal;

import java.lang.instrument.Instrumentation;
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

    /** @return how many of the classes were retransformed */
    int retransform(List<Class<?>> classes, int batchSize) {
        int ok = 0;
        for (int i = 0; i < classes.size(); i += batchSize) {
            ok += run(classes.subList(i, Math.min(classes.size(), i + batchSize)));
        }
        return ok;
    }

    private int run(List<Class<?>> batch) {
        try {
            inst.retransformClasses(batch.toArray(new Class<?>[0]));
            stats.retransformBatches.incrementAndGet();
            return batch.size();
        } catch (Throwable t) {
            if (batch.size() == 1) {
                stats.retransformFailed(batch.get(0).getName(), t);
                return 0;
            }
            int half = batch.size() / 2;
            return run(batch.subList(0, half)) + run(batch.subList(half, batch.size()));
        }
    }
}
