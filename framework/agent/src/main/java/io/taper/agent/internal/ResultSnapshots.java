package io.taper.agent.internal;

/**
 * The agent's periodic work while the program runs, on one daemon thread: measures the analysis's state
 * every {@link #MEASURE_MILLIS} ms and writes a snapshot of the results every interval, so a program that
 * is killed or crashes still leaves results no older than that. A snapshot is skipped while the heap is
 * nearly full (building one allocates: it must never be what makes the program run out of memory).
 */
final class ResultSnapshots implements Runnable {

    static final long MEASURE_MILLIS = 1000;
    /** A snapshot waits while the heap in use is above this share of the max heap. */
    static final double MAX_HEAP_USE = 0.85;

    private final AgentResult result;
    private final StateMeter meter;
    private final long intervalMillis;
    private volatile boolean stopped;

    ResultSnapshots(AgentResult result, StateMeter meter, long intervalMillis) {
        this.result = result;
        this.meter = meter;
        this.intervalMillis = intervalMillis;
    }

    void stop() {
        stopped = true;
    }

    @Override
    public void run() {
        long step = intervalMillis > 0 ? Math.min(MEASURE_MILLIS, intervalMillis) : MEASURE_MILLIS;
        long nextSnapshot = System.nanoTime() + intervalMillis * 1_000_000;
        while (!stopped) {
            try {
                Thread.sleep(step);
            } catch (InterruptedException e) {
                return;
            }
            meter.measure();
            if (intervalMillis > 0 && System.nanoTime() >= nextSnapshot && !stopped) {
                if (heapNearlyFull()) {
                    result.snapshotSkipped();
                } else {
                    result.writeSnapshot();
                }
                nextSnapshot = System.nanoTime() + intervalMillis * 1_000_000;
            }
        }
    }

    private static boolean heapNearlyFull() {
        Runtime r = Runtime.getRuntime();      // not java.lang.management: it would load (and weave) JMX
        return r.totalMemory() - r.freeMemory() > r.maxMemory() * MAX_HEAP_USE;
    }
}
