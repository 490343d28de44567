package io.taper.weaver.snippets;

import io.taper.api.Before;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.marker.BasicBlockMarker;
import io.taper.weaver.testsupport.Events;

/** A snippet at every basic block: pushes the hand-assembled near-64 KB method over the limit. */
public class BigSnippets {

    @Before(marker = BasicBlockMarker.class, scope = "validation.gen.Big.*")
    public static void block(@Static(StaticKey.METHOD_NAME) String m, @Static(StaticKey.BB_INDEX) int index) {
        Events.record("bb " + m + " " + index);
    }
}
