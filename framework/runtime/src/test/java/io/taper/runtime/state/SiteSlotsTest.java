package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SiteSlotsTest {

    @Test
    void aSiteIsDeadWhenEveryBoundSlotIsTerminal() {
        SiteSlots sites = new SiteSlots();
        Flags covered = new Flags();
        MachineStates fields = new MachineStates(MachineStatesTest.STATIONARY);
        Counters calls = new Counters();
        sites.bind(1, covered, 10);                 // coverage site: one flag
        sites.bind(2, fields, 0);                   // two fields touched by one site
        sites.bind(2, fields, 1);
        sites.bind(2, fields, 1);                   // idempotent
        sites.bind(3, calls, 10);                   // a counter: never dead
        assertEquals(2, sites.bindings(2).length);
        assertArrayEquals(new int[0], sites.deadSites());

        covered.set(10);
        fields.fire(0, 1);
        fields.fire(0, 0);                          // field 0 non-stationary, field 1 not yet
        assertArrayEquals(new int[] {1}, sites.deadSites());
        assertFalse(sites.isDead(2));

        fields.fire(1, 1);
        fields.fire(1, 0);
        assertArrayEquals(new int[] {1, 2}, sites.deadSites());
        assertFalse(sites.isDead(3));
        assertFalse(sites.isDead(99), "an unbound site is never dead");
        assertFalse(sites.isBound(99));
        assertEquals(3, sites.boundSites());
    }

    @Test
    void aDeadSiteThatGainsALiveSlotIsLiveAgain() {
        SiteSlots sites = new SiteSlots();
        Flags f = new Flags();
        f.set(0);
        sites.bind(7, f, 0);
        assertTrue(sites.isDead(7));
        sites.bind(7, f, 1);
        assertFalse(sites.isDead(7));
        f.set(1);
        assertTrue(sites.isDead(7));
    }
}
