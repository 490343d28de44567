package io.taper.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A reset after a detach forgets every site and binding; the analyses' listeners, added once, stay. */
class SiteRegistryTest {

    private static SiteInfo site(int id, String method) {
        return new SiteInfo(id, 0, "p/Reset", method, "()V", -1, "S.m", "", true, Map.of());
    }

    @Test
    void aResetForgetsEverySiteAndBindingAndKeepsTheListeners() {
        List<Integer> heard = new CopyOnWriteArrayList<>();
        SiteRegistry.addListener(s -> {
            if (s.id() >= 800_000 && s.id() < 800_010) {
                heard.add(s.id());
            }
        });
        SiteRegistry.register(List.of(site(800_001, "before"), site(800_002, "before")));
        SiteRegistry.bind(800_001, slot -> true, 0);
        assertTrue(SiteRegistry.isDead(800_001));
        assertEquals(List.of(800_001, 800_002), heard);

        SiteRegistry.reset();
        assertEquals(0, SiteRegistry.size());
        assertEquals(List.of(), SiteRegistry.all());
        assertNull(SiteRegistry.get(800_001));
        assertFalse(SiteRegistry.isDead(800_001));
        assertArrayEquals(new int[0], SiteRegistry.deadSites());
        assertEquals(0, SiteRegistry.slots().boundSites());

        heard.clear();
        SiteInfo again = site(800_001, "after");
        SiteRegistry.register(List.of(again));
        assertEquals(List.of(800_001), heard, "the same id is a new site of the next session");
        assertEquals(1, SiteRegistry.size());
        assertEquals("after", SiteRegistry.get(800_001).methodName());
        assertFalse(SiteRegistry.isDead(800_001), "unbound: its old binding is gone");
        assertNotSame(again, site(800_001, "after"));
    }
}
