package io.taper.runtime.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BuiltInStrategiesTest {

    @Test
    void periodicTakesAPositivePeriod() {
        PeriodicRemoval p = new PeriodicRemoval();
        assertEquals("periodic", p.name());
        assertEquals(100, p.periodMillis(), "default period");
        p.configure("250");
        assertEquals(250, p.periodMillis());
        assertThrows(IllegalArgumentException.class, () -> new PeriodicRemoval().configure("fast"));
        assertThrows(IllegalArgumentException.class, () -> new PeriodicRemoval().configure("0"));
    }

    @Test
    void noneNeverStepsAndTakesNoArgument() {
        FixedStrategy f = new FixedStrategy();
        assertEquals("none", f.name());
        assertEquals(0, f.periodMillis());
        f.configure("");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> f.configure("5"));
        assertEquals("strategy 'none' takes no argument, got '5'", e.getMessage());
    }
}
