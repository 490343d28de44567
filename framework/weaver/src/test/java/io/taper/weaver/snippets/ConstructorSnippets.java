package io.taper.weaver.snippets;

import io.taper.api.After;
import io.taper.api.Before;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.This;
import io.taper.api.Thrown;
import io.taper.api.marker.AfterInitBodyMarker;
import io.taper.api.marker.BodyMarker;
import io.taper.api.marker.BytecodeMarker;
import io.taper.weaver.testsupport.Events;

/** Constructors before and after super()/this(): an uninitialised `this` must arrive as null. */
public class ConstructorSnippets {

    private static final String SCOPE = "validation.targets.Constructors*.<init>";

    @Before(marker = BodyMarker.class, scope = SCOPE)
    public static void enter(@Static(StaticKey.CLASS_NAME) String c, @Static(StaticKey.METHOD_DESC) String d,
                             @This Object self) {
        Events.record("enter " + Events.simpleName(c) + d + " this=" + Events.show(self));
    }

    @Before(marker = AfterInitBodyMarker.class, scope = SCOPE)
    public static void initialised(@Static(StaticKey.CLASS_NAME) String c, @Static(StaticKey.METHOD_DESC) String d,
                                   @This Object self) {
        Events.record("init " + Events.simpleName(c) + d + " this=" + Events.show(self));
    }

    @After(marker = AfterInitBodyMarker.class, scope = SCOPE)
    public static void done(@Static(StaticKey.CLASS_NAME) String c, @Static(StaticKey.METHOD_DESC) String d,
                            @This Object self, @Thrown Throwable t) {
        Events.record("done " + Events.simpleName(c) + d + " this=" + Events.show(self) + " thrown=" + Events.show(t));
    }

    @Before(marker = BytecodeMarker.class, args = "putfield", scope = SCOPE)
    public static void put(@Static(StaticKey.FIELD_NAME) String f, @StackValue(1) Object receiver,
                           @StackValue(0) Object value) {
        Events.record("put " + f + " receiver=" + Events.show(receiver) + " value=" + Events.show(value));
    }
}
