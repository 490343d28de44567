package io.taper.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Exact percentiles up to the kept durations; past them a bounded sample, with count, total and maximum exact. */
class LatencySamplesTest {

    @Test
    void fewDurationsGiveExactNearestRankPercentiles() {
        LatencySamples s = new LatencySamples(4);
        for (int ms = 1; ms <= 100; ms++) {
            s.record(ms * 1_000_000L);
        }
        Map<String, Object> m = s.summaryMillis();
        assertEquals(100L, m.get("count"));
        assertEquals(50.0, m.get("p50"));
        assertEquals(90.0, m.get("p90"));
        assertEquals(99.0, m.get("p99"));
        assertEquals(100.0, m.get("max"));
        assertEquals(5050.0, m.get("total"));
        assertEquals(50.5, m.get("mean"));
    }

    @Test
    void manyDurationsStayBoundedWithExactTotals() {
        LatencySamples s = new LatencySamples(16);
        int n = 4 * LatencySamples.KEPT;
        long total = 0;
        for (int i = 0; i < n; i++) {
            long nanos = (i % 1000 + 1) * 1_000L;   // 1..1000 us, uniform
            s.record(nanos);
            total += nanos;
        }
        Map<String, Object> m = s.summaryMillis();
        assertEquals((long) n, m.get("count"));
        assertEquals(Math.round(total / 1000.0) / 1000.0, m.get("total"));
        assertEquals(1.0, m.get("max"));
        double p50 = (Double) m.get("p50");
        assertTrue(p50 > 0.48 && p50 < 0.52, "median of a uniform 1..1000 us sample: " + p50);
    }
}
