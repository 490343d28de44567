package io.taper.weaver.snippets;

import io.taper.api.After;
import io.taper.api.AfterReturning;
import io.taper.api.AfterThrowing;
import io.taper.api.Before;
import io.taper.api.Return;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.Thrown;
import io.taper.api.marker.BodyMarker;
import io.taper.api.marker.ExceptionHandlerMarker;
import io.taper.weaver.testsupport.Events;

/** Method entry, the three exit kinds and exception handlers, for the try/catch/finally target. */
public class ExitSnippets {

    private static final String SCOPE = "validation.targets.TryCatchFinally.*";

    @Before(marker = BodyMarker.class, scope = SCOPE)
    public static void enter(@Static(StaticKey.METHOD_NAME) String m) {
        Events.record("> " + m);
    }

    @AfterReturning(marker = BodyMarker.class, scope = SCOPE)
    public static void returned(@Static(StaticKey.METHOD_NAME) String m, @Return int value) {
        Events.record("< " + m + " " + value);
    }

    @AfterThrowing(marker = BodyMarker.class, scope = SCOPE)
    public static void threw(@Static(StaticKey.METHOD_NAME) String m, @Thrown Throwable t) {
        Events.record("! " + m + " " + Events.show(t));
    }

    /** Order 0 < 100: encloses the other after snippets, so it runs last. */
    @After(marker = BodyMarker.class, scope = SCOPE, order = 0)
    public static void after(@Static(StaticKey.METHOD_NAME) String m, @Thrown Object t) {
        Events.record("after " + m + " thrown=" + Events.show(t));
    }

    @Before(marker = ExceptionHandlerMarker.class, scope = SCOPE)
    public static void handler(@Static(StaticKey.METHOD_NAME) String m, @StackValue(0) Object exception) {
        Events.record("catch " + m + " " + Events.show(exception));
    }
}
