package io.taper.runtime;

import io.taper.runtime.state.IndexedThreadLocal;
import io.taper.runtime.state.ThreadCounters;

/**
 * Per-thread dynamic bypass (DiSL's term): while a thread runs analysis code, the snippets woven into
 * the code that analysis code calls (JDK collections, atomics, ...) must not fire. {@link #enter()} and
 * {@link #exit()}, which Taper's own work uses (not the snippet wrappers), also move the thread's inline
 * counters aside ({@link ThreadCounters#ownWork}).
 *
 * <p>Snippet methods are prepared by the server so that their body runs as
 * {@code if (!Bypass.enter()) return; try { body } finally { Bypass.exit(); }}; the agent wraps its own
 * work (talking to the server, writing results) the same way.
 *
 * <p>The flag lives in a {@link ThreadLocal}, looked up through {@link IndexedThreadLocal}'s front by
 * thread id (a thread found there has its entry, so the window below cannot apply): {@code java.lang.Thread}, {@code ThreadLocal} and
 * {@code java.lang.ref} are on the weaver's never-woven list ({@link NeverWoven}), so the lookup itself
 * runs no snippets. Creating a thread's entry does: the thread-local map's constructors call the woven
 * {@code Object.<init>}, whose snippet calls {@link #enter()} again before the entry exists. Threads in
 * that window are listed in {@link #INITIALIZING} and treated as already bypassed.
 */
public final class Bypass {

    /** Depth counter per thread; an int[] so entering and leaving allocate nothing. */
    private static final class Depth extends IndexedThreadLocal<int[]> {
        @Override
        protected int[] initialValue() {
            markInitializing(Thread.currentThread());
            return new int[1];
        }
    }

    private static final Object LOCK = new Object();
    /** Threads creating their entry right now; guarded by LOCK, read racily after the volatile count. */
    private static final Thread[] INITIALIZING = new Thread[64];
    private static volatile int initializingCount;

    // Class initialisation itself runs woven JDK code (ThreadLocal's hash uses AtomicInteger), whose
    // snippets call enter() while DEPTH is still null: enter() then reports "already bypassed".
    private static final Depth DEPTH = new Depth();

    private Bypass() {
    }

    /**
     * Marks this thread as running analysis code.
     *
     * @return true if the caller may run analysis code (and must call {@link #exit()} afterwards);
     *     false if the thread is already inside analysis code, or the runtime is not initialised yet
     */
    public static boolean enter() {
        if (enterCell() == null) {
            return false;
        }
        ThreadCounters.ownWork(true);
        return true;
    }

    /**
     * {@link #enter()} for snippet wrappers: returns this thread's cell, already marked, for
     * {@link #exit(int[])}; null if the caller must not run analysis code. One per-thread lookup per
     * event instead of two.
     */
    public static int[] enterCell() {
        int[] depth = depth();
        if (depth == null || depth[0] != 0) {
            return null;
        }
        depth[0] = 1;
        return depth;
    }

    /** Leaves analysis code entered with {@link #enterCell()}. */
    public static void exit(int[] cell) {
        cell[0] = 0;
    }

    /** This thread's depth cell; null while the runtime or this thread's entry is being created. */
    private static int[] depth() {
        Depth d = DEPTH;
        if (d == null) {
            return null;
        }
        if (initializingCount == 0) {
            int[] depth = d.current();
            if (initializingCount != 0) {
                unmarkInitializing(Thread.currentThread());   // this call may have created the entry
            }
            return depth;
        }
        Thread t = Thread.currentThread();
        if (isInitializing(t)) {
            return null;
        }
        int[] depth = d.current();
        unmarkInitializing(t);
        return depth;
    }

    /** Leaves analysis code; only after an {@link #enter()} that returned true. */
    public static void exit() {
        Depth d = DEPTH;
        if (d != null) {
            d.current()[0] = 0;
            ThreadCounters.ownWork(false);
        }
    }

    /** True while this thread runs analysis code. */
    public static boolean active() {
        int[] depth = depth();
        return depth == null || depth[0] != 0;
    }

    private static void markInitializing(Thread t) {
        synchronized (LOCK) {
            for (int i = 0; i < INITIALIZING.length; i++) {
                if (INITIALIZING[i] == null) {
                    INITIALIZING[i] = t;
                    initializingCount++;
                    return;
                }
            }
        }
        // More than 64 threads creating their entry at once: the extra ones are unprotected, which can
        // only cost recursion depth, never correctness of the flag itself.
    }

    private static boolean isInitializing(Thread t) {
        synchronized (LOCK) {
            for (Thread x : INITIALIZING) {
                if (x == t) {
                    return true;
                }
            }
            return false;
        }
    }

    private static void unmarkInitializing(Thread t) {
        synchronized (LOCK) {
            for (int i = 0; i < INITIALIZING.length; i++) {
                if (INITIALIZING[i] == t) {
                    INITIALIZING[i] = null;
                    initializingCount--;
                    return;
                }
            }
        }
    }
}
