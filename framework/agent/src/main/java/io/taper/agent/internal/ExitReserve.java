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

    private static volatile byte[] reserve;

    private ExitReserve() {
    }

    /** The reserve's size for this max heap. */
    static long sizeFor(long maxHeap) {
        return Math.max(1L << 20, Math.min(16L << 20, (long) (maxHeap * SHARE)));
    }

    static void hold(long bytes) {
        reserve = new byte[(int) Math.min(Integer.MAX_VALUE - 8, bytes)];
    }

    static void release() {
        reserve = null;
    }
}
