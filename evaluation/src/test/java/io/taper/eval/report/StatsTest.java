package io.taper.eval.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(OptionalDouble.of(3), Stats.median(List.of(5.0, 1.0, 3.0)));
        assertEquals(OptionalDouble.of(2.5), Stats.median(List.of(4.0, 1.0, 3.0, 2.0)));
        assertEquals(OptionalDouble.empty(), Stats.median(List.of()));
    }

    @Test
    void geometricMeanIgnoresNonPositiveValues() {
        assertEquals(4.0, Stats.geometricMean(List.of(2.0, 8.0, 0.0)).getAsDouble(), 1e-12);
        assertEquals(OptionalDouble.empty(), Stats.geometricMean(List.of(-1.0)));
    }

    @Test
    void minAndRange() {
        assertArrayEquals(new long[] {3, 4}, Stats.minRange(List.of(5L, 3L, 7L)));
        assertNull(Stats.minRange(List.of()));
    }

    @Test
    void formats() {
        assertEquals("4.51E+09", Fmt.count(4.51e9));
        assertEquals("9999999", Fmt.count(9_999_999));
        assertEquals("+5", Fmt.signed(5));
        assertEquals("-1", Fmt.signed(-1));
        assertEquals("0", Fmt.signed(0));
        assertEquals("12.5 %", Fmt.percent(0.125));
    }
}
