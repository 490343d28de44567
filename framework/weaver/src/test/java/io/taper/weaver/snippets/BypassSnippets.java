package io.taper.weaver.snippets;

import io.taper.api.Before;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.marker.BodyMarker;
import io.taper.weaver.testsupport.Events;

/** A snippet that calls woven code (which must trigger nothing), and one that throws (counted, harmless). */
public class BypassSnippets {

    @Before(marker = BodyMarker.class, scope = "validation.targets.BypassTarget.*")
    public static void enter(@Static(StaticKey.METHOD_NAME) String m) {
        Events.record("> " + m);
        if (m.equals("outer") && Events.callback != null) {
            Events.callback.run();  // runs woven BypassTarget.inner: its snippet must not fire
        }
    }

    @Before(marker = BodyMarker.class, scope = "validation.targets.BypassTarget.boom", order = 200)
    public static void boom() {
        throw new IllegalStateException("snippet bug");
    }
}
