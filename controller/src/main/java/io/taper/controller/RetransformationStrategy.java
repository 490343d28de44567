package io.taper.controller;

import java.util.ArrayList;
import java.util.List;

/**
 * How the classes of one controller step are retransformed: how many classes go into one
 * {@code retransformClasses} call, and whether a failed call is retried in halves to isolate the class
 * that failed (a failing call changes no class at all: HotSpot redefines a batch atomically).
 *
 * @param maxBatchSize classes per call; 0 = all the step's classes in one call (one batch per period)
 * @param splitFailedBatches retry a failed batch of several classes as two halves, recursively
 */
public record RetransformationStrategy(int maxBatchSize, boolean splitFailedBatches) {

    /**
     * The default: one call per controller step, failed calls split until the culprit is alone. Smaller
     * batches (taken in the order the strategy disabled sites) let the first classes go sooner, but cost a
     * safepoint each, which ate what they gained.
     */
    public static final RetransformationStrategy ONE_BATCH_PER_STEP = new RetransformationStrategy(0, true);


    public RetransformationStrategy {
        if (maxBatchSize < 0) {
            throw new IllegalArgumentException("maxBatchSize " + maxBatchSize);
        }
    }

    /** At most {@code size} classes per call. */
    public static RetransformationStrategy batchesOf(int size) {
        if (size <= 0) {
            throw new IllegalArgumentException("batch size " + size);
        }
        return new RetransformationStrategy(size, true);
    }

    /** The classes cut into calls, in order. */
    public List<List<Class<?>>> batches(List<Class<?>> classes) {
        List<List<Class<?>>> out = new ArrayList<>();
        if (classes.isEmpty()) {
            return out;
        }
        int size = maxBatchSize == 0 ? classes.size() : maxBatchSize;
        for (int i = 0; i < classes.size(); i += size) {
            out.add(List.copyOf(classes.subList(i, Math.min(classes.size(), i + size))));
        }
        return out;
    }
}
