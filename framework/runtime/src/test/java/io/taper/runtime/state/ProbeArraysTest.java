package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** Per-class flag arrays: one per slot for the run, registered once. */
class ProbeArraysTest {

    @Test
    void aSlotGetsOneArrayOfItsCountForTheRun() {
        boolean[] a = ProbeArrays.probes(70_001, 5);
        assertEquals(5, a.length);
        a[3] = true;
        assertSame(a, ProbeArrays.probes(70_001, 5), "the same array at every call");
        assertNotSame(a, ProbeArrays.probes(70_002, 5));
        ProbeArrays.ClassProbes registered = ProbeArrays.registered().stream()
            .filter(c -> c.slot() == 70_001).findFirst().orElseThrow();
        assertSame(a, registered.probes());
        assertEquals(1, ProbeArrays.registered().stream().filter(c -> c.slot() == 70_001).count());
    }

    @Test
    void theLastSlotOfTheTableGetsItsArray() {
        boolean[] a = ProbeArrays.probes(ProbeArrays.MAX_SLOTS - 1, 3);
        assertEquals(3, a.length);
        assertSame(a, ProbeArrays.probes(ProbeArrays.MAX_SLOTS - 1, 3));
    }
}
