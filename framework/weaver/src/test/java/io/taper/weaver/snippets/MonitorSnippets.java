package io.taper.weaver.snippets;

import io.taper.api.After;
import io.taper.api.Before;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.Thrown;
import io.taper.api.marker.BodyMarker;
import io.taper.api.marker.BytecodeMarker;
import io.taper.weaver.testsupport.Events;

/** synchronized methods and blocks, including the exit through javac's monitor-releasing handler. */
public class MonitorSnippets {

    private static final String SCOPE = "validation.targets.Synchronized.sync*";

    @Before(marker = BodyMarker.class, scope = SCOPE)
    public static void enter(@Static(StaticKey.METHOD_NAME) String m, @Static(StaticKey.METHOD_ACCESS) int access) {
        Events.record("> " + m + ((access & 0x20) != 0 ? " (synchronized)" : ""));
    }

    @After(marker = BodyMarker.class, scope = SCOPE)
    public static void exit(@Static(StaticKey.METHOD_NAME) String m, @Thrown Throwable t) {
        Events.record("< " + m + " thrown=" + Events.show(t));
    }

    @Before(marker = BytecodeMarker.class, args = "monitorenter,monitorexit", scope = SCOPE)
    public static void monitor(@Static(StaticKey.OPCODE) int op, @StackValue(0) Object lock) {
        Events.record((op == 194 ? "monitorenter " : "monitorexit ") + Events.show(lock));
    }
}
