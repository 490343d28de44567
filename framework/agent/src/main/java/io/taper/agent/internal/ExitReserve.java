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
     * How long the reserve waits after premain. Zeroing 16 MiB touches 4,096 fresh pages: some 70 ms of CPU that a
     * program of a second, which cannot have filled its heap, paid on its start-up's two cores for nothing.
     */
    static final long HOLD_DELAY_MILLIS = 500;

    /**
     * Allocates the reserve on a thread of its own, {@link #HOLD_DELAY_MILLIS} from now. A program that ends before
     * that holds no reserve, and needs none.
     */
    static void holdAside(long bytes) {
        holdAside(bytes, HOLD_DELAY_MILLIS);
    }

    static void holdAside(long bytes, long delayMillis) {
        AgentThreads.daemon("taper-exit-reserve", true, new Runnable() {
            @Override
            public void run() {
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    return;
                }
                hold(bytes);
            }
        }).start();
    }

    /** Lets go of the reserve for good; allocates nothing. */
    static synchronized void release() {
        released = true;
        reserve = null;
    }

    /** After a detach, before the next attach: a reserve may be held again. */
    static synchronized void reset() {
        released = false;
        reserve = null;
    }

    /** The bytes held now. */
    static synchronized long heldBytes() {
        return reserve == null ? 0 : reserve.length;
    }
}
