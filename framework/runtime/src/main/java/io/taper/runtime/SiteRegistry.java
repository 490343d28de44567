package io.taper.runtime;

import io.taper.runtime.state.SiteSlots;
import io.taper.runtime.state.TerminalSlots;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Every site woven in this run, by id, as reported by the server with the woven bytes. Analyses
 * subscribe to learn about new sites (e.g. to map a site to the state slots it updates).
 */
public final class SiteRegistry {

    // Replaced, not cleared, by reset: a map keeps the table it grew to.
    private static volatile ConcurrentHashMap<Integer, SiteInfo> sites = new ConcurrentHashMap<>();
    private static final List<Consumer<SiteInfo>> LISTENERS = new CopyOnWriteArrayList<>();
    private static volatile SiteSlots slots = new SiteSlots();

    private SiteRegistry() {
    }

    /** Called by the agent for every site table it receives (also on re-weaving: rows are replaced). */
    public static void register(List<SiteInfo> table) {
        ConcurrentHashMap<Integer, SiteInfo> known = sites;
        for (SiteInfo s : table) {
            SiteInfo previous = known.put(s.id(), s);
            if (previous == null) {
                for (Consumer<SiteInfo> l : LISTENERS) {
                    l.accept(s);
                }
            }
        }
    }

    /** Subscribes to sites registered from now on, and replays the ones already known. */
    public static void addListener(Consumer<SiteInfo> listener) {
        LISTENERS.add(listener);
        for (SiteInfo s : sites.values()) {
            listener.accept(s);
        }
    }

    public static SiteInfo get(int id) {
        return sites.get(id);
    }

    public static List<SiteInfo> all() {
        return new ArrayList<>(sites.values());
    }

    public static int size() {
        return sites.size();
    }

    /** Records that the site updates {@code slot} of {@code store}; see {@link SiteSlots}. */
    public static void bind(int siteId, TerminalSlots store, int slot) {
        slots.bind(siteId, store, slot);
    }

    /** True if the site is bound to state slots and all of them are terminal. */
    public static boolean isDead(int siteId) {
        return slots.isDead(siteId);
    }

    /** Every dead site so far, ascending (disabled or not: the controller filters). */
    public static int[] deadSites() {
        return slots.deadSites();
    }

    /** The site-to-slot bindings of this run. */
    public static SiteSlots slots() {
        return slots;
    }

    /**
     * Forgets every site and every binding, as at the JVM's start: after a detach, the next attach numbers its sites
     * from zero again, and none of them may be taken for one of this session's. The listeners stay: analyses subscribe
     * from their classes' initialisation, which does not run again (their own reset clears what the listeners filled).
     */
    public static void reset() {
        sites = new ConcurrentHashMap<>();
        slots = new SiteSlots();
    }
}
