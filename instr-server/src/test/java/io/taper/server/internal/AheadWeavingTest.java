package io.taper.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.protocol.Messages;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveAhead;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import io.taper.protocol.WovenAhead;
import io.taper.runtime.SiteInfo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AheadWeavingTest {

    private static final Woven WITH_SITE = new Woven(0, WeaveStatus.WOVEN, "", new byte[] {1},
        List.of(new SiteInfo(1, 0, "a/B", "m", "()V", 0, "S.e", "", true, Map.of())));

    private static Weave sent(String name, int size) {
        return new Weave(1, 0, name, false, new int[0], Map.of(), new byte[size]);
    }

    private static Weave asked(String name) {
        return new Weave(0, 0, name, true, new int[0], Map.of(), new byte[0]);
    }

    private static List<String> answered(AheadWeaving a, String... names) throws IOException {
        List<Weave> q = new ArrayList<>();
        for (String n : names) {
            q.add(asked(n));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        a.answer(7, new WeaveAhead(1, q), w -> WITH_SITE, out);
        WovenAhead back = (WovenAhead) Messages.read(new ByteArrayInputStream(out.toByteArray()));
        List<String> names2 = new ArrayList<>();
        for (WovenAhead.Answer x : back.answers()) {
            names2.add(x.className());
        }
        return names2;
    }

    @Test
    void keepsOnlyClassesWithSitesWithinItsBoundLeastRecentlyUsedFirstOut() throws IOException {
        AheadWeaving a = new AheadWeaving(true, 250, 2);
        try {
            a.keep(7, sent("a/One", 100), WITH_SITE);
            a.keep(7, sent("a/Two", 100), WITH_SITE);
            a.keep(7, sent("a/NoSites", 10), new Woven(1, WeaveStatus.UNCHANGED, "", new byte[0], List.of()));
            a.keep(7, sent("a/TooLarge", 251), WITH_SITE);
            assertEquals(List.of("a/One", "a/Two"), answered(a, "a/One", "a/Two", "a/NoSites", "a/TooLarge"));
            answered(a, "a/One");                      // One is now the most recently used
            a.keep(7, sent("a/Three", 100), WITH_SITE); // over the bound: Two goes
            assertEquals(List.of("a/Three", "a/One"), answered(a, "a/Three", "a/Two", "a/One"), "in the order asked");
            Map<String, Object> s = a.stats();
            assertEquals(2, s.get("keptClasses"));
            assertEquals(200L, s.get("keptBytes"));
            assertEquals(1L, s.get("evicted"));
            assertEquals(3L, s.get("requests"));
            assertEquals(8L, s.get("classesAsked"));
            assertEquals(5L, s.get("answered"));
            assertEquals(3L, s.get("notKept"));
        } finally {
            a.close();
        }
    }

    @Test
    void aClassSentAgainReplacesItsBytes() throws IOException {
        AheadWeaving a = new AheadWeaving(true, 1000, 1);
        try {
            a.keep(7, sent("a/One", 100), WITH_SITE);
            a.keep(7, sent("a/One", 40), WITH_SITE);
            assertEquals(40L, a.stats().get("keptBytes"));
            assertEquals(List.of("a/One"), answered(a, "a/One"));
        } finally {
            a.close();
        }
    }
}
