package io.taper.weaver.snippets;

import io.taper.api.After;
import io.taper.api.Arg;
import io.taper.api.Before;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.marker.BodyMarker;
import io.taper.api.marker.BytecodeMarker;
import io.taper.weaver.testsupport.Events;

/** Lambda bodies (synthetic methods) and invokedynamic call sites. */
public class LambdaSnippets {

    @Before(marker = BodyMarker.class, scope = "validation.targets.Lambdas.lambda$*")
    public static void lambda(@Static(StaticKey.METHOD_NAME) String m, @Static(StaticKey.METHOD_DESC) String d,
                              @Arg(0) int first) {
        Events.record("> " + m + d + " arg0=" + first);
    }

    @After(marker = BytecodeMarker.class, args = "invokedynamic", scope = "validation.targets.Lambdas.run")
    public static void indy(@Static(StaticKey.INVOKE_NAME) String name, @StackValue(0) Object produced) {
        Events.record("indy " + name + " -> " + Events.show(produced));
    }
}
