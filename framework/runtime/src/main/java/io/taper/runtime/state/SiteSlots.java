package io.taper.runtime.state;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which state slots each site updates, and from that which sites are dead: a site is dead when every
 * slot bound to it is terminal, so its snippet can no longer change the analysis result. A site with
 * no binding is never dead (nothing is known about what it updates). Deadness is permanent (the
 * {@link TerminalTest} contract), so dead sites are remembered and never tested again.
 *
 * <p>Analyses bind a site when it registers (a {@code SiteRegistry} listener), from its static context;
 * a site that updates per-instance state binds to the per-class slot that summarises it.
 */
public final class SiteSlots {

    /** One slot of one store. */
    public record Binding(TerminalTest store, int slot) {
        public boolean isTerminal() {
            return store.isTerminal(slot);
        }
    }

    private final ConcurrentHashMap<Integer, Binding[]> bindings = new ConcurrentHashMap<>();
    private final java.util.Set<Integer> dead = ConcurrentHashMap.newKeySet();

    /** Records that {@code siteId} updates {@code slot} of {@code store} (idempotent). */
    public void bind(int siteId, TerminalTest store, int slot) {
        Binding b = new Binding(store, slot);
        bindings.compute(siteId, (id, old) -> {
            if (old == null) {
                return new Binding[] {b};
            }
            for (Binding o : old) {
                if (o.equals(b)) {
                    return old;
                }
            }
            Binding[] more = Arrays.copyOf(old, old.length + 1);
            more[old.length] = b;
            return more;
        });
        if (!b.isTerminal()) {
            dead.remove(siteId);      // a site that gains a live slot is live again
        }
    }

    /** The slots bound to this site (empty if none). */
    public Binding[] bindings(int siteId) {
        Binding[] b = bindings.get(siteId);
        return b == null ? new Binding[0] : b.clone();
    }

    public boolean isBound(int siteId) {
        return bindings.containsKey(siteId);
    }

    /** True if the site is bound and every slot it updates is terminal. */
    public boolean isDead(int siteId) {
        if (dead.contains(siteId)) {
            return true;
        }
        Binding[] b = bindings.get(siteId);
        if (b == null) {
            return false;
        }
        for (Binding x : b) {
            if (!x.isTerminal()) {
                return false;
            }
        }
        dead.add(siteId);
        return true;
    }

    /** Every dead site, ascending. Tests only the sites not yet known dead. */
    public int[] deadSites() {
        for (Integer id : bindings.keySet()) {
            isDead(id);
        }
        int[] ids = new int[dead.size()];
        int n = 0;
        for (Integer id : dead) {
            if (n == ids.length) {
                ids = Arrays.copyOf(ids, n * 2 + 1);
            }
            ids[n++] = id;
        }
        ids = Arrays.copyOf(ids, n);
        Arrays.sort(ids);
        return ids;
    }

    /** Number of sites with at least one binding. */
    public int boundSites() {
        return bindings.size();
    }
}
