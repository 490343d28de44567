package io.taper.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The audit of removals ({@code --audit}): a removed site is not taken out of the code but marked here, and
 * keeps running. The weaver brackets every site's snippet call with {@link #before} and {@link #after}; while
 * a removed site's snippet runs, every change it makes to the analysis's result ({@link #resultChanged}, called
 * by the state stores when a result cell really changes) is a <em>violation</em>: an event that removal would
 * have lost and that would have changed the result. The first violations are kept with the site and a stack.
 *
 * <p>For analyses whose removal is lossless (SFA, coverage) zero violations is the bar. For counting and timing
 * analyses removal is a policy that drops events by design; their result cells do not report changes, and the
 * audit counts the events that arrive at removed sites ({@code eventsAfterRemoval}).
 *
 * <p>Everything here is off (one volatile read per bracket) unless the controller turned the audit on.
 */
public final class Audit {

    /** Violations kept with their stack; the rest are counted. */
    public static final int MAX_RECORDED = 50;
    private static final int MAX_FRAMES = 24;
    private static final int CHUNK_BITS = 10;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int CHUNKS = 4096;

    private static volatile boolean on;
    private static final byte[][] REMOVED = new byte[CHUNKS][];
    private static int removedCount;
    /** Per thread: 1 + the removed site whose snippet is running, or 0. Replaced by {@link #reset}. */
    private static volatile ThreadLocal<int[]> current = perThread();
    private static final AtomicLong EVENTS = new AtomicLong();
    private static final AtomicLong VIOLATIONS = new AtomicLong();
    private static final List<Map<String, Object>> RECORDED = new ArrayList<>();

    private Audit() {
    }

    private static ThreadLocal<int[]> perThread() {
        return new ThreadLocal<int[]>() {
            @Override
            protected int[] initialValue() {            // no lambda: nothing here may link java.lang.invoke
                return new int[1];
            }
        };
    }

    /** Turns the audit on for this run (before any site is removed). */
    public static void enable() {
        on = true;
    }

    public static boolean enabled() {
        return on;
    }

    /** Marks a site removed: it keeps running, audited. False if it already was, or the id is out of range. */
    public static synchronized boolean markRemoved(int site) {
        int i = site >>> CHUNK_BITS;
        if (site < 0 || i >= CHUNKS) {
            return false;
        }
        byte[] chunk = REMOVED[i];
        if (chunk == null) {
            chunk = new byte[CHUNK];
            REMOVED[i] = chunk;
        }
        if (chunk[site & (CHUNK - 1)] != 0) {
            return false;
        }
        chunk[site & (CHUNK - 1)] = 1;
        removedCount++;
        return true;
    }

    /** A removed site deployed again (a strategy restored it): its events are the result's again. */
    public static synchronized void markRestored(int site) {
        int i = site >>> CHUNK_BITS;
        if (site >= 0 && i < CHUNKS && REMOVED[i] != null && REMOVED[i][site & (CHUNK - 1)] != 0) {
            REMOVED[i][site & (CHUNK - 1)] = 0;
            removedCount--;
        }
    }

    public static boolean isRemoved(int site) {
        int i = site >>> CHUNK_BITS;
        if (site < 0 || i >= CHUNKS) {
            return false;
        }
        byte[] chunk = REMOVED[i];
        return chunk != null && chunk[site & (CHUNK - 1)] != 0;
    }

    /** Woven before a site's snippet call (audit runs only). */
    public static void before(int site) {
        if (!on || !isRemoved(site)) {
            return;
        }
        int[] cell = current.get();
        if (cell[0] == 0) {              // not inside another audited snippet (analysis code calling woven code)
            cell[0] = site + 1;
            EVENTS.incrementAndGet();
        }
    }

    /** Woven after a site's snippet call (audit runs only). */
    public static void after(int site) {
        if (!on || !isRemoved(site)) {
            return;
        }
        int[] cell = current.get();
        if (cell[0] == site + 1) {
            cell[0] = 0;
        }
    }

    /**
     * Called by a state store when a result cell changes; a violation if a removed site's snippet is running on
     * this thread. {@code what} names the cell (e.g. a field and the bits that changed).
     */
    public static void resultChanged(String what) {
        if (!on) {
            return;
        }
        int site = current.get()[0] - 1;
        if (site < 0) {
            return;
        }
        long n = VIOLATIONS.incrementAndGet();
        if (n > MAX_RECORDED) {
            return;
        }
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("site", site);
        SiteInfo info = SiteRegistry.get(site);
        if (info != null) {
            v.put("class", info.className());
            v.put("method", info.methodName() + info.methodDesc());
            v.put("location", info.location());
            v.put("snippet", info.snippet());
        }
        v.put("change", what);
        List<String> frames = new ArrayList<>();
        for (StackTraceElement e : new Throwable().getStackTrace()) {
            if (frames.size() == MAX_FRAMES) {
                break;
            }
            if (!isTapers(e.getClassName())) {
                frames.add(e.toString());
            }
        }
        v.put("stack", frames);
        synchronized (RECORDED) {
            RECORDED.add(v);
        }
    }

    /**
     * Turns the audit off and forgets every removed site, event and violation, as at the JVM's start: after a detach
     * the next attach numbers its sites from zero and turns the audit on again if it audits. Every thread's cell goes
     * with its thread-local: a snippet running when the session ended may have left its site there.
     */
    public static void reset() {
        on = false;
        synchronized (Audit.class) {
            for (int i = 0; i < CHUNKS; i++) {
                REMOVED[i] = null;
            }
            removedCount = 0;
        }
        current = perThread();
        EVENTS.set(0);
        VIOLATIONS.set(0);
        synchronized (RECORDED) {
            RECORDED.clear();
        }
    }

    /** Taper's own frames (the analysis, the runtime) are left out of a violation's stack. */
    private static boolean isTapers(String className) {
        return className.startsWith("io.taper.runtime.") || className.startsWith("io.taper.analysis.")
            || className.startsWith("io.taper.agent.") || className.startsWith("io.taper.controller.");
    }

    /** The audit's figures for {@code stats.controller.audit}. */
    public static Map<String, Object> report() {
        Map<String, Object> m = new LinkedHashMap<>();
        synchronized (Audit.class) {
            m.put("sitesAudited", removedCount);
        }
        m.put("eventsAfterRemoval", EVENTS.get());
        m.put("violations", VIOLATIONS.get());
        synchronized (RECORDED) {
            m.put("first", new ArrayList<>(RECORDED));
        }
        return m;
    }
}
