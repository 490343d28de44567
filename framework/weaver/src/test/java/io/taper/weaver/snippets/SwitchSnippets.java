package io.taper.weaver.snippets;

import io.taper.api.AfterReturning;
import io.taper.api.Before;
import io.taper.api.Return;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.marker.BodyMarker;
import io.taper.api.marker.BytecodeMarker;
import io.taper.weaver.testsupport.Events;

/** tableswitch / lookupswitch keys, and the values the switching methods return. */
public class SwitchSnippets {

    @Before(marker = BytecodeMarker.class, args = "tableswitch,lookupswitch", scope = "validation.targets.Switches.*")
    public static void key(@Static(StaticKey.OPCODE) int op, @StackValue(0) int key) {
        Events.record((op == 170 ? "tableswitch " : "lookupswitch ") + key);
    }

    @AfterReturning(marker = BodyMarker.class, scope = "validation.targets.Switches.*(..)")
    public static void returned(@Static(StaticKey.METHOD_NAME) String m, @Return int value) {
        if (!m.equals("run") && !m.startsWith("<") && !m.equals("values") && !m.equals("valueOf")) {
            Events.record("< " + m + " " + value);
        }
    }
}
