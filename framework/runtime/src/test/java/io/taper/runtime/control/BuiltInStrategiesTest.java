package io.taper.runtime.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.taper.runtime.SiteInfo;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    void periodicSwitchesOffDeadSwitchableSitesAndDisablesTheOthers() {
        Map<Integer, SiteInfo> sites = Map.of(
                1, site(1, true), 2, site(2, false), 3, site(3, true));
        List<String> calls = new ArrayList<>();
        ControlContext context = (ControlContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ControlContext.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "deadSites" -> new int[] {1, 2, 3, 4};
                    case "site" -> sites.get((Integer) args[0]);
                    case "switchOff" -> {
                        calls.add("switchOff " + args[0]);
                        yield (Integer) args[0] != 3;      // 3 was switched off already: it goes by re-weaving
                    }
                    case "disable" -> {
                        calls.add("disable " + args[0]);
                        yield null;
                    }
                    default -> throw new AssertionError(method.getName());
                });
        assertEquals(4, PeriodicRemoval.switchOffDeadSites(context));
        assertEquals(List.of("switchOff 1", "disable 2", "switchOff 3", "disable 3", "disable 4"), calls,
                "2 is woven without a switch; 4 is not registered");
        calls.clear();
        assertEquals(4, PeriodicRemoval.removeDeadSites(context));
        assertEquals(List.of("disable 1", "disable 2", "disable 3", "disable 4"), calls,
                "for a strategy that may restore them: all disabled");
    }

    private static SiteInfo site(int id, boolean switchable) {
        return new SiteInfo(id, 0, "p/C", "m", "()V", -1, "S.s", "", true, Map.of(), switchable);
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
