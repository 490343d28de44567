package io.taper.controller;

import java.util.ArrayList;
import java.util.List;

/**
 * How the classes of one controller step are retransformed: how many classes go into one
 * {@code retransformClasses} call, and whether a failed call is retried in halves to isolate the class
 * that failed (a failing call changes no class at all: HotSpot redefines a batch atomically).
 *
 * <p>A batch of at least {@code 2 × }{@value #MIN_PART} classes is cut into {@code parallel} parts, retransformed
 * by as many calls at once: each call weaves its classes (a server round trip each) before the JVM's redefinition,
 * so the weaving of the parts overlaps and the batch is over sooner; the redefinitions themselves are serialised
 * by the JVM.
 *
 * @param maxBatchSize classes per call; 0 = all the step's classes in one call (one batch per period)
 * @param splitFailedBatches retry a failed batch of several classes as two halves, recursively
 * @param parallel     calls at once for a large batch (1: one call)
 */
public record RetransformationStrategy(int maxBatchSize, boolean splitFailedBatches, int parallel) {

    /** The fewest classes of one part of a batch cut for parallel calls. */
    public static final int MIN_PART = 4;

    /**
     * The default: one call per controller step, failed calls split until the culprit is alone. Smaller
     * batches (taken in the order the strategy disabled sites) let the first classes go sooner, but cost a
     * safepoint each, which ate what they gained.
     */
    public static final RetransformationStrategy ONE_BATCH_PER_STEP = new RetransformationStrategy(0, true, 2);

    /** One call per batch. */
    public RetransformationStrategy(int maxBatchSize, boolean splitFailedBatches) {
        this(maxBatchSize, splitFailedBatches, 1);
    }


    public RetransformationStrategy {
        if (maxBatchSize < 0) {
            throw new IllegalArgumentException("maxBatchSize " + maxBatchSize);
        }
        if (parallel < 1) {
            throw new IllegalArgumentException("parallel " + parallel);
        }
    }

    /** At most {@code size} classes per call. */
    public static RetransformationStrategy batchesOf(int size) {
        if (size <= 0) {
            throw new IllegalArgumentException("batch size " + size);
        }
        return new RetransformationStrategy(size, true, ONE_BATCH_PER_STEP.parallel());
    }

    /** A batch cut into the parts retransformed at once (the batch itself if it is too small to cut). */
    public List<List<Class<?>>> parts(List<Class<?>> batch) {
        int n = Math.min(parallel, batch.size() / MIN_PART);
        if (n <= 1) {
            return List.of(batch);
        }
        List<List<Class<?>>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(List.copyOf(batch.subList(batch.size() * i / n, batch.size() * (i + 1) / n)));
        }
        return out;
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
