package io.taper.runtime.state;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which state slots each site updates, and from that which sites are dead: a site is dead when every
 * slot bound to it is terminal, so its snippet can no longer change the analysis result. A site with
 * no binding is never dead (nothing is known about what it updates). Deadness is permanent (the
 * {@link TerminalSlots} contract), so dead sites are remembered and never tested again.
 *
 * <p>Analyses bind a site when it registers (a {@code SiteRegistry} listener), from its static context;
 * a site that updates per-instance state binds to the per-class slot that summarises it.
 *
 * <p>Sites are kept in flat arrays, so {@link #deadSites()} (every controller step) is a scan over the
 * live sites that calls only the analysis's terminal tests: no hashing, no boxing, and no JDK code that
 * may itself be woven. The scan runs outside the lock that {@link #bind} takes.
 */
public final class SiteSlots {

    /** One slot of one store. */
    public record Binding(TerminalSlots store, int slot) {
        public boolean isTerminal() {
            return store.isTerminal(slot);
        }
    }

    private static final Binding[] NONE = new Binding[0];

    private final ConcurrentHashMap<Integer, Integer> rowOfSite = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    // Guarded by lock; a row's bindings array is replaced, never changed, so a scan may read it unlocked.
    private int[] sites = new int[256];
    private Binding[][] rows = new Binding[256][];
    private boolean[] deadRows = new boolean[256];
    private int size;
    private int[] dead = new int[64];
    private int deadCount;

    /** Records that {@code siteId} updates {@code slot} of {@code store} (idempotent). */
    public void bind(int siteId, TerminalSlots store, int slot) {
        Binding b = new Binding(store, slot);
        synchronized (lock) {
            Integer row = rowOfSite.get(siteId);
            if (row == null) {
                if (size == sites.length) {
                    sites = Arrays.copyOf(sites, size * 2);
                    rows = Arrays.copyOf(rows, size * 2);
                    deadRows = Arrays.copyOf(deadRows, size * 2);
                }
                sites[size] = siteId;
                rows[size] = new Binding[] {b};
                rowOfSite.put(siteId, size);
                size++;
                return;
            }
            Binding[] old = rows[row];
            for (Binding o : old) {
                if (o.equals(b)) {
                    return;
                }
            }
            Binding[] more = Arrays.copyOf(old, old.length + 1);
            more[old.length] = b;
            rows[row] = more;
            if (deadRows[row] && !b.isTerminal()) {
                deadRows[row] = false;      // a site that gains a live slot is live again
                removeDead(siteId);
            }
        }
    }

    /** The slots bound to this site (empty if none). */
    public Binding[] bindings(int siteId) {
        Integer row = rowOfSite.get(siteId);
        if (row == null) {
            return NONE;
        }
        synchronized (lock) {
            return rows[row].clone();
        }
    }

    public boolean isBound(int siteId) {
        return rowOfSite.containsKey(siteId);
    }

    /** True if the site is bound and every slot it updates is terminal. */
    public boolean isDead(int siteId) {
        Integer row = rowOfSite.get(siteId);
        if (row == null) {
            return false;
        }
        Binding[] b;
        synchronized (lock) {
            if (deadRows[row]) {
                return true;
            }
            b = rows[row];
        }
        if (!allTerminal(b)) {
            return false;
        }
        markDead(row, b);
        return true;
    }

    /** Every dead site, ascending. Tests only the sites not yet known dead. */
    public int[] deadSites() {
        int n;
        Binding[][] rs;
        boolean[] known;
        synchronized (lock) {
            n = size;
            rs = rows;
            known = deadRows.clone();
        }
        for (int r = 0; r < n; r++) {
            if (!known[r]) {
                Binding[] b = rs[r];
                if (allTerminal(b)) {
                    markDead(r, b);
                }
            }
        }
        synchronized (lock) {
            int[] out = Arrays.copyOf(dead, deadCount);
            Arrays.sort(out);
            return out;
        }
    }

    /** Number of sites with at least one binding. */
    public int boundSites() {
        synchronized (lock) {
            return size;
        }
    }

    private static boolean allTerminal(Binding[] b) {
        for (Binding x : b) {
            if (!x.isTerminal()) {
                return false;
            }
        }
        return true;
    }

    /** Marks a row dead unless it changed (gained a binding) since {@code checked} was read. */
    private void markDead(int row, Binding[] checked) {
        synchronized (lock) {
            if (deadRows[row] || rows[row] != checked) {
                return;
            }
            deadRows[row] = true;
            if (deadCount == dead.length) {
                dead = Arrays.copyOf(dead, deadCount * 2);
            }
            dead[deadCount++] = sites[row];
        }
    }

    private void removeDead(int siteId) {
        for (int i = 0; i < deadCount; i++) {
            if (dead[i] == siteId) {
                dead[i] = dead[--deadCount];
                return;
            }
        }
    }
}
