package io.taper.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A switch goes off once and for good, at any site id, and the array's growth loses none already set; only a reset
 * after a detach turns them all on again.
 */
class SiteSwitchesTest {

    @Test
    void aSiteSwitchedOffStaysOffAndCountsOnce() {
        int before = SiteSwitches.count();
        assertFalse(SiteSwitches.isOff(17));
        assertTrue(SiteSwitches.switchOff(17));
        assertTrue(SiteSwitches.isOff(17));
        assertFalse(SiteSwitches.switchOff(17), "already off");
        assertFalse(SiteSwitches.isOff(16));
        assertFalse(SiteSwitches.isOff(18));
        assertEquals(before + 1, SiteSwitches.count());
    }

    @Test
    void highSiteIdsGetTheirOwnChunkAndKeepTheOthers() {
        assertTrue(SiteSwitches.switchOff(3));
        assertFalse(SiteSwitches.isOff(100_000), "in a chunk not made yet: on");
        assertTrue(SiteSwitches.switchOff(100_000));
        assertTrue(SiteSwitches.isOff(100_000));
        assertTrue(SiteSwitches.isOff(3), "set before the table grew");
        assertFalse(SiteSwitches.isOff(99_999));
    }

    @Test
    void negativeIdsAreNeverOff() {
        assertFalse(SiteSwitches.switchOff(-1));
        assertFalse(SiteSwitches.isOff(-1));
        assertFalse(SiteSwitches.isOff(Integer.MIN_VALUE));
    }

    @Test
    void idsBeyondTheTableStayOnAndSaySo() {
        assertFalse(SiteSwitches.switchOff(4096 * 1024), "the caller re-weaves such a site's class instead");
        assertFalse(SiteSwitches.isOff(4096 * 1024));
        assertTrue(SiteSwitches.switchOff(4096 * 1024 - 1));
        assertTrue(SiteSwitches.isOff(4096 * 1024 - 1));
    }

    @Test
    void aResetTurnsEverySwitchBackOnAndTheNextSessionSwitchesItsOwn() {
        assertTrue(SiteSwitches.switchOff(5));
        assertTrue(SiteSwitches.switchOff(200_000));
        SiteSwitches.reset();
        assertEquals(0, SiteSwitches.count());
        assertFalse(SiteSwitches.isOff(5));
        assertFalse(SiteSwitches.isOff(200_000));
        assertTrue(SiteSwitches.switchOff(5), "the next session's site 5");
        assertTrue(SiteSwitches.isOff(5));
        assertFalse(SiteSwitches.isOff(200_000));
        assertEquals(1, SiteSwitches.count());
    }
}
