package io.taper.agent.internal;

/**
 * How an attach or a detach stops the program, as a thread of it would feel it: a thread that sleeps a millisecond at
 * a time and records by how much each sleep overran. A retransformation's safepoint stops every Java thread, this
 * one too, so the longest overrun bounds the longest stall the program's threads saw (a loaded machine's scheduling
 * delays count as well: they are part of what the program feels while Taper works beside it).
 */
final class StallProbe implements Runnable {

    private static final long PERIOD_NANOS = 1_000_000L;

    private final long began = System.nanoTime();
    private volatile boolean stopped;
    private volatile long longestNanos;
    private Thread thread;

    /** Starts the probe on a thread of its own. */
    static StallProbe start() {
        StallProbe p = new StallProbe();
        p.thread = AgentThreads.untracked("taper-stall-probe", p);
        p.thread.start();
        return p;
    }

    @Override
    public void run() {
        while (!stopped) {
            long before = System.nanoTime();
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
            long over = System.nanoTime() - before - PERIOD_NANOS;
            if (over > longestNanos) {
                longestNanos = over;
            }
        }
    }

    /** Stops the probe and waits for its thread; returns {elapsed, longest stall} in milliseconds. */
    long[] stop() {
        stopped = true;
        long elapsed = System.nanoTime() - began;
        try {
            thread.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new long[] {elapsed / 1_000_000L, Math.max(0, longestNanos) / 1_000_000L};
    }
}
