package io.taper.analysis.sfa.internal;

import io.taper.api.OutOfLine;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.SnippetFailures;
import io.taper.runtime.state.SiteSlots;
import io.taper.runtime.state.TerminalSlots;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import jdk.internal.vm.annotation.ForceInline;

/**
 * The one {@link Stationarity} of the observed JVM, which the snippets call. Initialised by the first
 * snippet that runs, inside the bypass, anywhere in the JDK; from then on it learns every site the agent
 * registers and binds it, so the controller can remove sites (even ones that never ran) once their field
 * is settled.
 *
 * <p>Initialisation never throws (a failure is counted as a snippet failure and the analysis records
 * nothing). It first runs the runtime's binding code once on a scratch table, so the class loading and
 * {@code java.lang.invoke} linking that code does on first use happen before the listener exists: a
 * class loaded then goes through the agent, which registers its sites, which would call the listener
 * again on the same thread. The listener also defers calls that arrive while it runs on the same thread.
 */
public final class FieldEvents {

    /** Named classes rather than lambdas: no java.lang.invoke bootstrap inside a snippet. */
    private static final class Lookup implements IntFunction<SiteInfo> {
        @Override
        public SiteInfo apply(int site) {
            return SiteRegistry.get(site);
        }
    }

    private static final class Depth extends ThreadLocal<int[]> {
        @Override
        protected int[] initialValue() {
            return new int[1];
        }
    }

    private static final class Listener implements Consumer<SiteInfo> {
        private final Depth depth = new Depth();
        private final List<SiteInfo> deferred = new ArrayList<>();

        @Override
        public void accept(SiteInfo site) {
            int[] d = depth.get();
            if (d[0] != 0) {
                synchronized (deferred) {
                    deferred.add(site);
                }
                return;
            }
            d[0] = 1;
            try {
                bind(site);
                for (SiteInfo s = next(); s != null; s = next()) {
                    bind(s);
                }
            } finally {
                d[0] = 0;
            }
        }

        private SiteInfo next() {
            synchronized (deferred) {
                return deferred.isEmpty() ? null : deferred.remove(deferred.size() - 1);
            }
        }

        private static void bind(SiteInfo site) {
            try {
                STATE.onSite(site, SiteRegistry.slots());
            } catch (Throwable t) {      // never into the agent's registration
                SnippetFailures.record(t);
            }
        }
    }

    private static final class NeverTerminal implements TerminalSlots {
        @Override
        public boolean isTerminal(int slot) {
            return false;
        }
    }

    private static final Stationarity STATE = new Stationarity(new Lookup());
    private static final ReadySites READY = STATE.readySites();

    static {
        try {
            SiteSlots scratch = new SiteSlots();
            scratch.bind(1, new NeverTerminal(), 0);
            scratch.isDead(1);
            scratch.deadSites();
            SiteRegistry.addListener(new Listener());
        } catch (Throwable t) {
            SnippetFailures.record(t);
        }
    }

    private FieldEvents() {
    }

    public static Stationarity state() {
        return STATE;
    }

    /**
     * Forgets what the analysis recorded and every thread's constructor frames (see {@link Stationarity#reset}); the
     * listener stays subscribed, for the sites of a later attach.
     */
    public static void reset() {
        STATE.reset();
        ConstructorStack.reset();
    }

    /**
     * True if this read is recorded in full in the woven method: its site is ready, and its object carries its mark
     * now ({@link ReadySites#marked}). The check the inlinable read snippets make before calling {@link #read} or
     * {@link #readFinal}.
     */
    @ForceInline
    public static boolean markedRead(Object receiver, int site) {
        return READY.marked(receiver, site);
    }

    /**
     * True if this write has nothing to record because its site is ready and its object was never read: the
     * check the inlinable write snippets make in the woven method before calling {@link #write} or
     * {@link #writeFinal}.
     */
    @ForceInline
    public static boolean unreadWrite(Object receiver, int site) {
        return READY.unmarked(receiver, site);
    }

    /** Out of line: only the inlinable snippet's check belongs in woven code. */
    @OutOfLine
    public static void read(Object receiver, int site) {
        STATE.on(Stationarity.READ, receiver, site);
    }

    @OutOfLine
    public static void readFinal(Object receiver, int site) {
        STATE.on(Stationarity.READ_FINAL, receiver, site);
    }

    @OutOfLine
    public static void write(Object receiver, int site) {
        STATE.on(Stationarity.WRITE, receiver, site);
    }

    @OutOfLine
    public static void writeFinal(Object receiver, int site) {
        STATE.on(Stationarity.WRITE_FINAL, receiver, site);
    }

    @OutOfLine
    public static void writeOwn(Object receiver, int site) {
        STATE.on(Stationarity.WRITE_OWN, receiver, site);
    }

    public static void readSettled(Object receiver, int site) {
        STATE.on(Stationarity.READ_SETTLED, receiver, site);
    }

    public static void writeFresh(Object receiver, int site) {
        STATE.on(Stationarity.WRITE_FRESH, receiver, site);
    }
}
