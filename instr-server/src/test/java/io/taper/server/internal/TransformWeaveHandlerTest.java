package io.taper.server.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.api.ClassTransform;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.runtime.SiteInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An analysis's own transformation behind the protocol: what it is handed, and what its answers become. */
class TransformWeaveHandlerTest {

    /** Answers by class name: "x/Woven" new bytes and facts, "x/Bare" bytes only, "x/Throws" an exception, else unchanged. */
    static final class Recording implements ClassTransform {
        final List<String> seen = new ArrayList<>();

        @Override
        public void init(Context context) {
        }

        @Override
        public synchronized Woven transform(Request r) {
            seen.add(r.loaderTag() + ":" + r.className() + (r.retransform() ? " again" : ""));
            return switch (r.className()) {
                case "x/Woven" -> new Woven(new byte[] {1, 2, 3}, Map.of("slot", "7"));
                case "x/Bare" -> new Woven(new byte[] {4}, Map.of());
                case "x/Throws" -> throw new IllegalStateException("bad class");
                default -> null;
            };
        }
    }

    private static Weave weave(String name, boolean retransform) {
        return new Weave(1, 4, name, retransform, new int[0], Map.of(), new byte[] {9});
    }

    @Test
    void taperAndTheAnalysisAreNeverHandedOverAndAnswersBecomeOutcomes() {
        Recording t = new Recording();
        TransformWeaveHandler h = new TransformWeaveHandler(t, Set.of("x/Own"));
        assertEquals(WeaveStatus.UNCHANGED, h.weave(weave("io/taper/runtime/Bypass", false)).status());
        assertEquals(WeaveStatus.UNCHANGED, h.weave(weave("x/Own", false)).status());
        WeaveHandler.Outcome woven = h.weave(weave("x/Woven", true));
        assertEquals(WeaveStatus.WOVEN, woven.status());
        assertArrayEquals(new byte[] {1, 2, 3}, woven.bytes());
        // the facts go with the class as one site of it, the same one when it is woven again
        assertEquals(1, woven.sites().size());
        SiteInfo facts = woven.sites().get(0);
        assertEquals(new SiteInfo(0, 4, "x/Woven", "", "", -1, TransformWeaveHandler.CLASS_FACTS, "", true,
            Map.of("slot", "7"), false), facts);
        assertEquals(facts, h.weave(weave("x/Woven", false)).sites().get(0));
        assertTrue(h.weave(weave("x/Bare", false)).sites().isEmpty(), "no facts, no site");
        WeaveHandler.Outcome failed = h.weave(weave("x/Throws", false));
        assertEquals(WeaveStatus.FAILED, failed.status());
        assertEquals("transform: java.lang.IllegalStateException: bad class", failed.message());
        assertEquals(WeaveStatus.UNCHANGED, h.weave(weave("x/Plain", false)).status());
        assertEquals(List.of("4:x/Woven again", "4:x/Woven", "4:x/Bare", "4:x/Throws", "4:x/Plain"), t.seen);
    }
}
