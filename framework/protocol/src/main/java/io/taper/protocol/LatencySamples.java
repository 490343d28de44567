package io.taper.protocol;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Durations kept exactly, on both ends of the wire (the agent's round trips, the server's service
 * times): a run has thousands of classes, not millions, so a sorted copy at the end is cheaper and more
 * honest than a histogram. Thread-safe.
 */
public final class LatencySamples {

    private long[] nanos;
    private int count;

    public LatencySamples(int initialCapacity) {
        this.nanos = new long[Math.max(16, initialCapacity)];
    }

    public synchronized void record(long elapsedNanos) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, count * 2);
        }
        nanos[count++] = elapsedNanos;
    }

    public synchronized int count() {
        return count;
    }

    /** count, p50, p90, p99, max, mean and total in milliseconds (nearest-rank percentiles); zeros if empty. */
    public Map<String, Object> summaryMillis() {
        long[] sorted;
        synchronized (this) {
            sorted = Arrays.copyOf(nanos, count);
        }
        Arrays.sort(sorted);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", sorted.length);
        m.put("p50", millis(percentile(sorted, 0.50)));
        m.put("p90", millis(percentile(sorted, 0.90)));
        m.put("p99", millis(percentile(sorted, 0.99)));
        m.put("max", millis(sorted.length == 0 ? 0 : sorted[sorted.length - 1]));
        long total = 0;
        for (long n : sorted) {
            total += n;
        }
        m.put("mean", millis(sorted.length == 0 ? 0 : total / sorted.length));
        m.put("total", millis(total));
        return m;
    }

    /** Nearest rank: the smallest value with at least {@code p} of all values at or below it. */
    static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    /** Milliseconds with microsecond resolution. */
    private static double millis(long nanos) {
        return Math.round(nanos / 1000.0) / 1000.0;
    }
}
