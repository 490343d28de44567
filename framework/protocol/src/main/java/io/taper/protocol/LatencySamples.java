package io.taper.protocol;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Durations kept exactly, on both ends of the wire (the agent's round trips, the server's service
 * times, the program's class loads): a run has thousands of classes, not millions, so a sorted copy at the end is
 * cheaper and more honest than a histogram. Bounded all the same, for a program that makes classes without end: past
 * {@link #KEPT} durations the percentiles come from a uniform sample of that many (reservoir sampling), while the
 * count, total and maximum stay exact. Thread-safe.
 */
public final class LatencySamples {

    /** The most durations kept (512 KiB). */
    public static final int KEPT = 1 << 16;

    private long[] nanos;
    private int kept;
    private long count;
    private long total;
    private long max;
    private long seed = 0x9E3779B97F4A7C15L;

    public LatencySamples(int initialCapacity) {
        this.nanos = new long[Math.max(16, Math.min(KEPT, initialCapacity))];
    }

    public synchronized void record(long elapsedNanos) {
        count++;
        total += elapsedNanos;
        if (elapsedNanos > max) {
            max = elapsedNanos;
        }
        if (kept < KEPT) {
            if (kept == nanos.length) {
                nanos = Arrays.copyOf(nanos, Math.min(KEPT, kept * 2));
            }
            nanos[kept++] = elapsedNanos;
            return;
        }
        seed = seed * 6364136223846793005L + 1442695040888963407L;   // a fixed sequence: runs compare
        long slot = Long.remainderUnsigned(seed >>> 1, count);
        if (slot < KEPT) {
            nanos[(int) slot] = elapsedNanos;
        }
    }

    public synchronized long count() {
        return count;
    }

    /** count, p50, p90, p99, max, mean and total in milliseconds (nearest-rank percentiles); zeros if empty. */
    public Map<String, Object> summaryMillis() {
        long[] sorted;
        long n;
        long sum;
        long most;
        synchronized (this) {
            sorted = Arrays.copyOf(nanos, kept);
            n = count;
            sum = total;
            most = max;
        }
        Arrays.sort(sorted);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", n);
        m.put("p50", millis(percentile(sorted, 0.50)));
        m.put("p90", millis(percentile(sorted, 0.90)));
        m.put("p99", millis(percentile(sorted, 0.99)));
        m.put("max", millis(most));
        m.put("mean", millis(n == 0 ? 0 : sum / n));
        m.put("total", millis(sum));
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
