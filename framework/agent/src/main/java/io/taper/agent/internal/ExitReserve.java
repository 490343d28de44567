package io.taper.agent.internal;

/**
 * Heap held back for the agent's last write of the results: a program that ran out of heap with its memory
 * still reachable leaves the shutdown hook nothing, so {@link #share of the max heap} (1 to 16 MiB) is
 * allocated at start-up and let go as the first thing the hook's thread does, before anything there
 * allocates (its per-thread bypass state included).
 */
final class ExitReserve {

    /** The share of the max heap held back. */
    static final double SHARE = 1.0 / 32;

    private static byte[] reserve;       // guarded by the class's lock, as released is
    private static boolean released;

    private ExitReserve() {
    }

    /** The reserve's size for this max heap. */
    static long sizeFor(long maxHeap) {
        return Math.max(1L << 20, Math.min(16L << 20, (long) (maxHeap * SHARE)));
    }

    /** Allocates the reserve; nothing once it has been let go (the exit came first). */
    static synchronized void hold(long bytes) {
        if (!released) {
            reserve = new byte[(int) Math.min(Integer.MAX_VALUE - 8, bytes)];
        }
    }

    /**
     * Allocates the reserve on a thread of its own: zeroing up to 16 MiB took premain some 7 ms. A program that
     * ends before the thread has run holds no reserve, and needs none.
     */
    static void holdAside(long bytes) {
        AgentThreads.daemon("taper-exit-reserve", true, new Runnable() {
            @Override
            public void run() {
                hold(bytes);
            }
        }).start();
    }

    /** Lets go of the reserve for good; allocates nothing. */
    static synchronized void release() {
        released = true;
        reserve = null;
    }

    /** The bytes held now. */
    static synchronized long heldBytes() {
        return reserve == null ? 0 : reserve.length;
    }
}
