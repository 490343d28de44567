package io.taper.weaver.snippets;

import io.taper.api.Before;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.marker.BodyMarker;
import io.taper.weaver.testsupport.Events;

/** One snippet group with two variants, for deployment and retransformation tests. */
public class DeploySnippets {

    @Before(marker = BodyMarker.class, scope = "validation.targets.Deployed.*", group = "enter")
    public static void full(@Static(StaticKey.METHOD_NAME) String m) {
        Events.record("enter " + m);
    }

    @Before(marker = BodyMarker.class, scope = "validation.targets.Deployed.*", group = "enter", variant = "short")
    public static void brief(@Static(StaticKey.METHOD_NAME) String m) {
        Events.record("short " + m);
    }
}
