package io.taper.analysis.sfa;

import io.taper.analysis.sfa.internal.ConstructorStack;
import io.taper.analysis.sfa.internal.SiteKinds;
import io.taper.api.After;
import io.taper.api.Before;
import io.taper.api.ManualBypass;
import io.taper.api.This;

/**
 * Keeps the per-thread stack of objects under construction ({@link ConstructorStack}): push right after
 * the super()/this() call, pop on every exit. These sites update no field state, so they are never dead
 * and stay for the whole run. Constructors whose initialising call the marker cannot find (not
 * javac-shaped) get no frame: their writes count as outside the constructor. Nor do constructors whose
 * frame nothing could ask about ({@link ConstructorFrameMarker}).
 *
 * <p>Both run without the bypass ({@link ManualBypass}): no event can fire inside the stack's code (Taper's own
 * classes and {@code ThreadLocal} are never woven, and the JDK code it calls, {@code Arrays.copyOf} and
 * {@code Arrays.fill} of an {@code Object[]}, accesses no field and runs no constructor), and a frame pushed and
 * popped by Taper's own work on the thread changes no answer. The bypass's two per-thread lookups were most of what
 * a bracket cost.
 */
public final class ConstructorSnippets {

    private ConstructorSnippets() {
    }

    @Before(marker = ConstructorFrameMarker.class, scope = "<init>", guard = FieldGuards.Constructor.class,
            group = SiteKinds.CONSTRUCTOR_ENTER, order = 0)
    @ManualBypass
    public static void enter(@This Object self) {
        ConstructorStack.push(self);
    }

    @After(marker = ConstructorFrameMarker.class, scope = "<init>", guard = FieldGuards.Constructor.class,
            group = SiteKinds.CONSTRUCTOR_EXIT, order = 0)
    @ManualBypass
    public static void exit(@This Object self) {
        ConstructorStack.pop(self);
    }
}
