package io.taper.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.protocol.WeaveStatus;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestTimingsTest {

    @Test
    void nearestRankPercentilesInMilliseconds() {
        RequestTimings t = new RequestTimings();
        for (int i = 100; i >= 1; i--) {
            t.record(i == 7 ? WeaveStatus.FAILED : WeaveStatus.WOVEN, i * 1_000_000L); // 1..100 ms, shuffled order
        }
        Map<String, Object> m = t.summaryMillis();
        assertEquals(100L, m.get("count"));
        assertEquals(50.0, m.get("p50"));
        assertEquals(90.0, m.get("p90"));
        assertEquals(99.0, m.get("p99"));
        assertEquals(100.0, m.get("max"));
        assertEquals(50.5, m.get("mean"));
        assertEquals(99L, t.count(WeaveStatus.WOVEN));
        assertEquals(1L, t.count(WeaveStatus.FAILED));
        assertEquals(0L, t.count(WeaveStatus.UNCHANGED));
    }

    @Test
    void keepsMicrosecondResolutionAndGrows() {
        RequestTimings t = new RequestTimings();
        for (int i = 0; i < 10_000; i++) {
            t.record(WeaveStatus.UNCHANGED, 1_234_567L);
        }
        assertEquals(10_000L, t.summaryMillis().get("count"));
        assertEquals(1.235, t.summaryMillis().get("p99"));
    }

    @Test
    void emptyIsAllZeros() {
        Map<String, Object> m = new RequestTimings().summaryMillis();
        assertEquals(0L, m.get("count"));
        assertEquals(0.0, m.get("p50"));
        assertEquals(0.0, m.get("max"));
    }
}
