package io.taper.e2e.adaptive.analysis;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.state.Counters;
import io.taper.runtime.state.Flags;
import java.util.function.Consumer;

/**
 * The analysis state: a coverage flag per site (the result; terminal once set, so a covered site is
 * dead) and an execution counter per site (not bound to the site: it only shows whether the snippet
 * runs). The fixtures and the test strategies also meet here: the programs announce their phase, the
 * strategies report what they did (both on the boot class path, where this class lives).
 */
public final class PhaseState {

    public static final Flags COVERED = new Flags();
    public static final Counters EXECUTIONS = new Counters();
    private static final Counters SIGNALS = new Counters();   // slot 0: program phase, slot 1: toggles done

    static {
        SiteRegistry.addListener(new Binder());
    }

    private PhaseState() {
    }

    /** Binds every site to its coverage flag, as it registers (and the ones registered before). */
    private static final class Binder implements Consumer<SiteInfo> {
        @Override
        public void accept(SiteInfo s) {
            SiteRegistry.bind(s.id(), COVERED, s.id());
        }
    }

    /** The site of a fixture method given as {@code SimpleClass.method}, or null. */
    public static SiteInfo site(String simpleClassDotMethod) {
        for (SiteInfo s : SiteRegistry.all()) {
            String simple = s.className().substring(s.className().lastIndexOf('/') + 1);
            if ((simple + "." + s.methodName()).equals(simpleClassDotMethod)) {
                return s;
            }
        }
        return null;
    }

    /** Snippet executions at the method's site so far (0 if it has none). */
    public static long executions(String simpleClassDotMethod) {
        SiteInfo s = site(simpleClassDotMethod);
        return s == null ? 0 : EXECUTIONS.get(s.id());
    }

    public static void setPhase(long phase) {
        SIGNALS.add(0, phase - SIGNALS.get(0));
    }

    public static long phase() {
        return SIGNALS.get(0);
    }

    public static void setToggles(long done) {
        SIGNALS.add(1, done - SIGNALS.get(1));
    }

    public static long toggles() {
        return SIGNALS.get(1);
    }
}
