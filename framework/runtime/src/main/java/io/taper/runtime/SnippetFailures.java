package io.taper.runtime;

import java.util.concurrent.atomic.AtomicLong;
import jdk.internal.vm.annotation.DontInline;

/**
 * Exceptions thrown by snippet bodies. Prepared snippets catch everything and call {@link #record}, so
 * an analysis bug is counted and reported instead of breaking the observed program.
 */
public final class SnippetFailures {

    private static final AtomicLong COUNT = new AtomicLong();
    private static volatile String first;

    private SnippetFailures() {
    }

    /**
     * Counts a failure. An {@link OutOfMemoryError} also tells {@link StateBudget} that the heap is gone, so
     * analyses stop allocating: the program's own allocations are then the ones that fail, as they would
     * uninstrumented, and no snippet makes a dying JVM collect again and again. Never inlined: it is the
     * rare path of every wrapper's handler, and inlined it would add its code to every woven method.
     */
    @DontInline
    public static void record(Throwable t) {
        if (t instanceof OutOfMemoryError) {
            StateBudget.heapExhausted();
        }
        if (COUNT.getAndIncrement() == 0) {
            first = String.valueOf(t);
        }
    }

    public static long count() {
        return COUNT.get();
    }

    /** The first failure's {@code toString()}, or null. */
    public static String first() {
        return first;
    }

    /** Forgets every failure, as at the JVM's start: after a detach, the next attach reports only its own. */
    public static void reset() {
        COUNT.set(0);
        first = null;
    }
}
