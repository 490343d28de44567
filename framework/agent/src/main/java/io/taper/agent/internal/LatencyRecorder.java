package io.taper.agent.internal;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** Exact round-trip times (a run has thousands of classes, not millions); percentiles by nearest rank. */
final class LatencyRecorder {

    private long[] nanos = new long[2048];
    private int count;

    synchronized void record(long elapsedNanos) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, count * 2);
        }
        nanos[count++] = elapsedNanos;
    }

    /** count, p50, p90, p99, max and total (milliseconds). */
    Map<String, Object> summaryMillis() {
        long[] s;
        synchronized (this) {
            s = Arrays.copyOf(nanos, count);
        }
        Arrays.sort(s);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", s.length);
        m.put("p50", millis(rank(s, 0.50)));
        m.put("p90", millis(rank(s, 0.90)));
        m.put("p99", millis(rank(s, 0.99)));
        m.put("max", millis(s.length == 0 ? 0 : s[s.length - 1]));
        long total = 0;
        for (long n : s) {
            total += n;
        }
        m.put("total", millis(total));
        return m;
    }

    private static long rank(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[Math.max(0, (int) Math.ceil(p * sorted.length) - 1)];
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 1000.0) / 1000.0;
    }
}
