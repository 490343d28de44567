package io.taper.eval.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WorkloadSizeTest {

    @Test
    void presetsPickTheirUnitsAndScaleOverrides() {
        assertEquals(new WorkloadSize("ci", 3), WorkloadSize.parse(new String[0], 3, 30));
        assertEquals(new WorkloadSize("full", 30), WorkloadSize.parse(new String[] {"--size", "FULL"}, 3, 30));
        assertEquals(new WorkloadSize("full", 7), WorkloadSize.parse(new String[] {"--size", "full", "--scale", "7"}, 3, 30));
    }

    @Test
    void badArgumentsAreRejectedWithTheReason() {
        assertEquals("--size must be ci or full, got huge",
                assertThrows(IllegalArgumentException.class,
                        () -> WorkloadSize.parse(new String[] {"--size", "huge"}, 1, 2)).getMessage());
        assertEquals("--scale must be a positive integer, got 0",
                assertThrows(IllegalArgumentException.class,
                        () -> WorkloadSize.parse(new String[] {"--scale", "0"}, 1, 2)).getMessage());
        assertEquals("unknown argument: --threads",
                assertThrows(IllegalArgumentException.class,
                        () -> WorkloadSize.parse(new String[] {"--threads", "4"}, 1, 2)).getMessage());
    }
}
