package io.taper.runtime;

/**
 * Per-thread dynamic bypass (DiSL's term): while a thread runs analysis code, the snippets woven into
 * the code that analysis code calls (JDK collections, atomics, ...) must not fire.
 *
 * <p>Snippet methods are prepared by the server so that their body runs as
 * {@code if (!Bypass.enter()) return; try { body } finally { Bypass.exit(); }}; the agent wraps its own
 * work (talking to the server, writing results) the same way.
 *
 * <p>The flag lives in a {@link ThreadLocal}: {@code java.lang.Thread}, {@code ThreadLocal} and
 * {@code java.lang.ref} are on the weaver's never-woven list ({@link NeverWoven}), so this lookup
 * cannot recurse into snippets.
 */
public final class Bypass {

    /** Depth counter per thread; an int[] so entering and leaving allocate nothing. */
    private static final class Depth extends ThreadLocal<int[]> {
        @Override
        protected int[] initialValue() {
            return new int[1];
        }
    }

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
        Depth d = DEPTH;
        if (d == null) {
            return false;
        }
        int[] depth = d.get();
        if (depth[0] != 0) {
            return false;
        }
        depth[0] = 1;
        return true;
    }

    /** Leaves analysis code; only after an {@link #enter()} that returned true. */
    public static void exit() {
        Depth d = DEPTH;
        if (d != null) {
            d.get()[0] = 0;
        }
    }

    /** True while this thread runs analysis code. */
    public static boolean active() {
        Depth d = DEPTH;
        return d == null || d.get()[0] != 0;
    }
}
