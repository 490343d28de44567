package io.taper.weaver.snippets;

import io.taper.api.After;
import io.taper.api.Arg;
import io.taper.api.Before;
import io.taper.api.Return;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.SyntheticLocal;
import io.taper.api.This;
import io.taper.api.Thrown;
import io.taper.api.marker.BasicBlockMarker;
import io.taper.api.marker.BodyMarker;
import io.taper.weaver.testsupport.Events;

/** Entry/exit with synthetic locals and exceptional exits, for the hand-assembled classes (incl. pre-Java-6). */
public class GenExitSnippets {

    private static final String SCOPE = "validation.gen.*.*";

    @Before(marker = BodyMarker.class, scope = SCOPE, storeLocal = "entered")
    public static int enter(@Static(StaticKey.METHOD_NAME) String m) {
        Events.record("> " + m);
        return (int) Events.tick();
    }

    @After(marker = BodyMarker.class, scope = SCOPE)
    public static void exit(@Static(StaticKey.METHOD_NAME) String m, @SyntheticLocal("entered") int entered,
                            @This Object self, @Arg(0) int arg0, @Return int value, @Thrown Throwable t) {
        Events.record("< " + m + " entered=" + entered + " this=" + Events.show(self) + " arg0=" + arg0
            + " return=" + value + " thrown=" + Events.show(t));
    }

    @After(marker = BasicBlockMarker.class, scope = SCOPE, order = 300)
    public static void block(@Static(StaticKey.METHOD_NAME) String m, @Static(StaticKey.BB_INDEX) int b,
                             @SyntheticLocal("entered") int entered, @Thrown Throwable t) {
        Events.record("bb " + m + " " + b + (t == null ? "" : " thrown=" + Events.show(t)));
    }
}
