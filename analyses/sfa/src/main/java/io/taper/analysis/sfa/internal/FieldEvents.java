package io.taper.analysis.sfa.internal;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * The one {@link Stationarity} of the observed JVM, which the snippets call. It learns every site as
 * the agent registers it, so the controller can remove sites that never ran yet once their field is
 * settled. Initialised by the first snippet that runs (inside the bypass).
 */
public final class FieldEvents {

    /** Named classes rather than lambdas: no java.lang.invoke bootstrap inside a snippet. */
    private static final class Lookup implements IntFunction<SiteInfo> {
        @Override
        public SiteInfo apply(int site) {
            return SiteRegistry.get(site);
        }
    }

    private static final class Listener implements Consumer<SiteInfo> {
        @Override
        public void accept(SiteInfo site) {
            STATE.onSite(site);
        }
    }

    private static final Stationarity STATE = new Stationarity(SiteRegistry.slots(), new Lookup());

    static {
        SiteRegistry.addListener(new Listener());
    }

    private FieldEvents() {
    }

    public static Stationarity state() {
        return STATE;
    }

    public static void read(Object receiver, int site) {
        STATE.read(receiver, site);
    }

    public static void readFinal(Object receiver, int site) {
        STATE.readFinal(receiver, site);
    }

    public static void write(Object receiver, int site) {
        STATE.write(receiver, site);
    }

    public static void writeFinal(Object receiver, int site) {
        STATE.writeFinal(receiver, site);
    }
}
