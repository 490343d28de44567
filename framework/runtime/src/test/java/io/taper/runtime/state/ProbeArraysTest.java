package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Per-class flag arrays: one per slot for the run (until a reset after a detach), registered once, and never a failure
 * for the program.
 */
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

    @Test
    void aResetForgetsEveryClassAndASlotStartsAgainWithNoFlagSet() {
        boolean[] before = ProbeArrays.probes(70_101, 4);
        before[2] = true;
        ProbeArrays.probes(ProbeArrays.MAX_SLOTS + 1, 1);
        ProbeArrays.reset();
        assertEquals(List.of(), ProbeArrays.registered());
        assertEquals(0, ProbeArrays.overflow());
        boolean[] after = ProbeArrays.probes(70_101, 4);
        assertNotSame(before, after, "the next session's class in that slot");
        assertArrayEquals(new boolean[4], after);
        assertEquals(1, ProbeArrays.registered().size());
        assertSame(after, ProbeArrays.registered().get(0).probes());
        before[3] = true;   // a method still running its woven form: counted nowhere
        assertArrayEquals(new boolean[4], ProbeArrays.probes(70_101, 4));
    }
}
