package io.taper.runtime.state;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Makes multi-cell updates atomic with respect to snapshots, so a row's cells (say a call count and a
 * total time) are read either both before or both after an update. Writers bracket an update with
 * {@link #enter()}/{@link #exit()}, which increment a per-thread-striped counter (no lock, no
 * allocation); {@link #snapshot} closes the gate, waits for the in-flight updates to drain, copies,
 * and reopens. Writers arriving while it is closed wait (spinning, then yielding) for the copy only.
 *
 * <p>Dekker-style: a writer increments then reads {@code closed}; a snapshot sets {@code closed} then
 * reads the counters. Both are sequentially consistent, so either the writer sees the gate closed or
 * the snapshot sees the writer in flight.
 */
public final class SnapshotGate {

    private static final int STRIPES = 16;
    private static final int PAD = 16;                    // ints per stripe: one 64-byte line each
    private static final long DRAIN_TIMEOUT_NANOS = 1_000_000_000L;

    private final AtomicIntegerArray inFlight = new AtomicIntegerArray(STRIPES * PAD);
    private volatile boolean closed;
    private final AtomicLong timeouts = new AtomicLong();

    public void enter() {
        int i = stripe();
        for (int spins = 0; ; spins++) {
            if (closed) {
                if (spins < 100) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
                continue;
            }
            inFlight.getAndIncrement(i);
            if (!closed) {
                return;
            }
            inFlight.getAndDecrement(i);
        }
    }

    public void exit() {
        inFlight.getAndDecrement(stripe());
    }

    /**
     * Runs {@code copy} with no update in flight. Snapshots are serialised. If updates do not drain
     * within a second (a writer that snapshots from inside its own update would wait for itself) the
     * copy runs anyway and {@link #timeouts()} counts it.
     */
    public synchronized <T> T snapshot(Supplier<T> copy) {
        closed = true;
        try {
            long deadline = System.nanoTime() + DRAIN_TIMEOUT_NANOS;
            while (!drained()) {
                if (System.nanoTime() > deadline) {
                    timeouts.incrementAndGet();
                    break;
                }
                Thread.onSpinWait();
            }
            return copy.get();
        } finally {
            closed = false;
        }
    }

    /** Snapshots that copied without waiting for every in-flight update. */
    public long timeouts() {
        return timeouts.get();
    }

    private boolean drained() {
        for (int s = 0; s < STRIPES; s++) {
            if (inFlight.get(s * PAD) != 0) {
                return false;
            }
        }
        return true;
    }

    @SuppressWarnings("deprecation")   // Thread.threadId() is Java 19+; getId() is the same number
    private static int stripe() {
        return (int) (Thread.currentThread().getId() & (STRIPES - 1)) * PAD;
    }
}
