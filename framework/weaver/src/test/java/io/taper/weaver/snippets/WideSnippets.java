package io.taper.weaver.snippets;

import io.taper.api.After;
import io.taper.api.Arg;
import io.taper.api.Before;
import io.taper.api.LocalVar;
import io.taper.api.Return;
import io.taper.api.StackValue;
import io.taper.api.SyntheticLocal;
import io.taper.api.marker.BodyMarker;
import io.taper.api.marker.BytecodeMarker;
import io.taper.weaver.testsupport.Events;

/** long/double arguments, locals and stack values; a long synthetic local shared by entry and exit. */
public class WideSnippets {

    private static final String SCOPE = "validation.targets.WideLocals.mix";

    @Before(marker = BodyMarker.class, scope = SCOPE, storeLocal = "t0")
    public static long enter(@Arg(0) long a, @Arg(1) double b, @Arg(2) int c, @Arg(3) long d) {
        Events.record("> mix " + a + " " + b + " " + c + " " + d);
        return Events.tick() + 100;
    }

    @Before(marker = BytecodeMarker.class, args = "ladd", scope = SCOPE)
    public static void ladd(@StackValue(1) long left, @StackValue(0) long right, @LocalVar(2) double b,
                            @LocalVar(4) int c, @SyntheticLocal("t0") long t0) {
        Events.record("ladd " + left + " + " + right + " b=" + b + " c=" + c + " t0=" + t0);
    }

    @After(marker = BytecodeMarker.class, args = "dmul", scope = SCOPE)
    public static void dmul(@StackValue(0) double product, @StackValue(1) Object belowIsNothing,
                            @LocalVar(7) long sum) {
        Events.record("dmul = " + product + " below=" + Events.show(belowIsNothing) + " sum=" + sum);
    }

    /** Kind mismatches get default values: the stack holds doubles here, the parameters ask otherwise. */
    @Before(marker = BytecodeMarker.class, args = "dadd", scope = SCOPE)
    public static void dadd(@StackValue(0) Object notAReference, @StackValue(1) long notALong,
                            @StackValue(1) double left) {
        Events.record("dadd " + Events.show(notAReference) + " " + notALong + " left=" + left);
    }

    @After(marker = BodyMarker.class, scope = SCOPE)
    public static void exit(@SyntheticLocal("t0") long t0, @Return double value, @Arg(3) long d) {
        Events.record("< mix t0=" + t0 + " return=" + value + " d=" + d);
    }
}
