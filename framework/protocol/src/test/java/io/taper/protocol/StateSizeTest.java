package io.taper.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** --max-state sizes: bytes, units, shares of the max heap; anything else is refused with a sentence. */
class StateSizeTest {

    @Test
    void sizesInBytesUnitsAndShares() {
        assertEquals(100_000, StateSize.parse("100000").bytes(1));
        assertEquals(512 * 1024, StateSize.parse("512k").bytes(1));
        assertEquals(64L << 20, StateSize.parse("64M").bytes(1));
        assertEquals(2L << 30, StateSize.parse("2g").bytes(1));
        assertEquals(100L << 20, StateSize.parse("10%").bytes(1000L << 20));
        assertEquals(6_710_886, StateSize.parse(StateSize.DEFAULT).bytes(64L << 20));
    }

    @Test
    void badSizesAreRefused() {
        for (String bad : new String[] {"", "0", "-5", "12x", "0%", "101%", "lots", "99999999999g"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StateSize.parse(bad), bad);
            assertTrue(e.getMessage().contains("is not a size"), e.getMessage());
        }
    }

    @Test
    void theConfigurationChecksIt() {
        TaperConfigException e = assertThrows(TaperConfigException.class,
            () -> TaperConfig.empty().with(TaperConfig.STATE_MAX, "lots"));
        assertTrue(e.getMessage().contains("state.max"), e.getMessage());
        assertEquals(5000, TaperConfig.empty().snapshotIntervalMs());
        assertEquals(0, TaperConfig.empty().with(TaperConfig.SNAPSHOT_INTERVAL_MS, "0").snapshotIntervalMs());
        assertThrows(TaperConfigException.class, () -> TaperConfig.empty().with(TaperConfig.SNAPSHOT_INTERVAL_MS, "-1"));
    }
}
