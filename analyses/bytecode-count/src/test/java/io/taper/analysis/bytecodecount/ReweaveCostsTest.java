package io.taper.analysis.bytecodecount;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** A re-weave's cost: its pause share and the compile time after it beyond the rate before, per class re-woven. */
class ReweaveCostsTest {

    private long compileMillis;

    @Test
    void chargesTheClassesTheirPauseAndTheCompileTimeAboveTheRateBefore() {
        ReweaveCosts costs = new ReweaveCosts(() -> compileMillis);
        costs.tick(0);
        compileMillis = 100;                        // 100 ms of compiling in the second before: 0.1 ms a ms
        costs.tick(1_000);
        costs.reweaving(Set.of(7, 8), 1_000, 5.0);
        assertFalse(costs.anyMeasured());
        assertEquals(40.0, costs.of(7, 40.0), "the fallback until a window closes");

        compileMillis = 100 + 1_300;                // 1,300 ms in the 2 s after, where the rate gave 200
        costs.tick(2_500);
        assertFalse(costs.anyMeasured(), "the window is still open");
        costs.tick(3_000);
        assertTrue(costs.anyMeasured());
        assertEquals(5.0 + 1_100 / 2.0, costs.of(7, 40.0), 1e-9);
        assertEquals(5.0 + 1_100 / 2.0, costs.of(8, 40.0), 1e-9);
        assertEquals(5.0 + 1_100 / 2.0, costs.of(9, 40.0), 1e-9, "a class not measured: the average");
        assertEquals(1_100.0, costs.compileMillisCharged(), 1e-9);
    }

    @Test
    void lessCompilingAfterThanBeforeChargesThePauseAlone() {
        ReweaveCosts costs = new ReweaveCosts(() -> compileMillis);
        costs.tick(0);
        compileMillis = 2_000;                      // the program warming up: 2 ms a ms
        costs.tick(1_000);
        costs.reweaving(Set.of(3), 1_000, 12.5);
        compileMillis = 2_500;
        costs.tick(3_000);
        assertEquals(12.5, costs.of(3, 0), 1e-9);
        assertEquals(0.0, costs.compileMillisCharged(), 1e-9);
    }

    @Test
    void withoutTheJitsCompileTimeOnlyPausesCount() {
        ReweaveCosts costs = new ReweaveCosts(null);
        assertFalse(costs.compileTimeKnown());
        costs.tick(0);
        costs.reweaving(Set.of(1), 0, 3.0);
        costs.tick(ReweaveCosts.WINDOW_MILLIS);
        assertEquals(3.0, costs.of(1, 99), 1e-9);
    }
}
