package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Per-class flag arrays: one per slot for the run, registered once, and never a failure for the program. */
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
    void aSlotOutsideTheTableStillGetsAnArrayAndIsCounted() {
        int before = ProbeArrays.overflow();
        boolean[] a = ProbeArrays.probes(ProbeArrays.MAX_SLOTS, 3);
        boolean[] b = ProbeArrays.probes(-1, 2);
        assertEquals(3, a.length);
        assertEquals(2, b.length);
        assertEquals(before + 2, ProbeArrays.overflow());
        assertTrue(ProbeArrays.registered().stream().noneMatch(c -> c.slot() < 0 || c.slot() >= ProbeArrays.MAX_SLOTS));
    }
}
