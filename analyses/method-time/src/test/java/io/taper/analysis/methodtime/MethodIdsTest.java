package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Entry and exit sites of one method share its row; methods of other loaders get their own. */
class MethodIdsTest {

    static SiteInfo site(int id, int loader, String cls, String method, String desc, String snippet) {
        return new SiteInfo(id, loader, cls, method, desc, -1, snippet, "", true, Map.of());
    }

    @Test
    void entryAndExitSitesOfAMethodMapToOneSlot() {
        SiteRegistry.register(List.of(
                site(900_001, 3, "p/Ids", "run", "()V", "MethodTimeSnippets.onEntry"),
                site(900_002, 3, "p/Ids", "run", "()V", "MethodTimeSnippets.onExit"),
                site(900_003, 4, "p/Ids", "run", "()V", "MethodTimeSnippets.onEntry"),
                site(900_004, 3, "p/Ids", "run", "(I)V", "MethodTimeSnippets.onEntry")));
        int entry = MethodIds.methodOf(900_001);
        assertArrayEquals(new int[] {900_001}, MethodIds.sitesOf(entry), "only the site that fired so far");
        assertEquals(entry, MethodIds.methodOf(900_002));
        assertEquals(entry, MethodIds.methodOf(900_002));
        assertArrayEquals(new int[] {900_001, 900_002}, MethodIds.sitesOf(entry));
        assertNotEquals(entry, MethodIds.methodOf(900_003));
        assertNotEquals(entry, MethodIds.methodOf(900_004));
        MethodKey k = MethodIds.method(entry);
        assertEquals("p.Ids.run()V", k.toString());
        assertEquals(3, k.loaderTag);
    }

    @Test
    void anUnregisteredSiteHasNoMethod() {
        assertEquals(-1, MethodIds.methodOf(987_654_321));
        assertEquals(-1, MethodIds.methodOf(-4));
    }
}
