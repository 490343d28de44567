package io.taper.server.internal;

import io.taper.protocol.LatencySamples;
import io.taper.protocol.WeaveStatus;
import java.util.Map;

/**
 * The service time of every WEAVE request (from the request read to the answer written), kept exactly:
 * a run has thousands of requests, not millions, so a sorted copy at the end is cheaper and more honest
 * than a histogram.
 */
public final class RequestTimings {

    private final LatencySamples samples = new LatencySamples(4096);
    private final long[] byStatus = new long[WeaveStatus.values().length];

    public void record(WeaveStatus status, long elapsedNanos) {
        samples.record(elapsedNanos);
        synchronized (this) {
            byStatus[status.ordinal()]++;
        }
    }

    public long count() {
        return samples.count();
    }

    public synchronized long count(WeaveStatus status) {
        return byStatus[status.ordinal()];
    }

    /** count, p50, p90, p99, max, mean and total in milliseconds (nearest-rank percentiles); zeros if empty. */
    public Map<String, Object> summaryMillis() {
        return samples.summaryMillis();
    }
}
