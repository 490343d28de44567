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

    @Test
    void bindingAndScanningConcurrentlyFindsExactlyTheDeadSites() throws InterruptedException {
        SiteSlots sites = new SiteSlots();
        Flags covered = new Flags();
        int perThread = 20_000;
        Concurrently.run(4, t -> {
            if (t < 3) {
                for (int i = 0; i < perThread; i++) {
                    int id = t * perThread + i;
                    sites.bind(id, covered, id);
                    if (id % 3 == 0) {
                        covered.set(id);
                    }
                }
            } else {
                for (int round = 0; round < 200; round++) {
                    for (int id : sites.deadSites()) {
                        if (id % 3 != 0) {
                            throw new AssertionError("site " + id + " reported dead");
                        }
                    }
                }
            }
        });
        int[] dead = sites.deadSites();
        assertEquals(3 * perThread / 3, dead.length);
        for (int i = 0; i < dead.length; i++) {
            assertEquals(3 * i, dead[i]);
        }
        assertEquals(3 * perThread, sites.boundSites());
    }
}
