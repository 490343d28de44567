package io.taper.analysis.methodtime;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.state.KeySlots;
import java.util.Arrays;

/**
 * Maps site ids to method slots: the entry and exit sites of one method (same loader, class, name and
 * descriptor) share a slot, which keys the method's result row. The mapping is made on a site's first
 * event from its {@link SiteRegistry} row (the agent registers sites before the woven class runs), so
 * afterwards a lookup is one array read.
 */
final class MethodIds {

    // Replaced by clear(), under the class lock; read without it, so volatile.
    private static volatile KeySlots<MethodKey> methods = new KeySlots<>();
    // slot + 1 per site id; 0: not mapped yet. Replaced (never shrunk) under the class lock.
    private static volatile int[] siteToMethod = new int[4096];

    private MethodIds() {
    }

    /** The method slot of a site, or -1 if the site is not registered. */
    static int methodOf(int site) {
        int[] a = siteToMethod;
        if (site >= 0 && site < a.length) {
            int v = a[site];
            if (v != 0) {
                return v - 1;
            }
        }
        SiteInfo s = SiteRegistry.get(site);
        return s == null ? -1 : map(s);
    }

    /** The method slot of a registered site (mapping it if new). */
    static synchronized int map(SiteInfo s) {
        int slot = methods.slot(new MethodKey(s.loaderTag(), s.className(), s.methodName(), s.methodDesc()));
        int site = s.id();
        if (site >= 0) {
            int[] a = siteToMethod;
            if (site >= a.length) {
                a = Arrays.copyOf(a, Math.max(site + 1, a.length * 2));
            }
            if (a[site] == 0) {
                addSite(slot, site);
            }
            a[site] = slot + 1;
            siteToMethod = a;
        }
        return slot;
    }

    // the sites mapped to each method (an entry and an exit site once both fired)
    private static int[][] sitesOfMethod = new int[64][];

    private static void addSite(int method, int site) {
        if (method >= sitesOfMethod.length) {
            sitesOfMethod = Arrays.copyOf(sitesOfMethod, Math.max(method + 1, sitesOfMethod.length * 2));
        }
        int[] old = sitesOfMethod[method];
        int[] now = old == null ? new int[1] : Arrays.copyOf(old, old.length + 1);
        now[now.length - 1] = site;
        sitesOfMethod[method] = now;
    }

    /**
     * The sites of a method that fired at least once. A site that never fired needs no removal: an entry
     * or exit that never ran cannot slow the program down, and the exit of a removed entry is harmless.
     */
    static synchronized int[] sitesOf(int method) {
        int[] s = method >= 0 && method < sitesOfMethod.length ? sitesOfMethod[method] : null;
        return s == null ? new int[0] : s.clone();
    }

    /** The method of a slot. */
    static MethodKey method(int slot) {
        return methods.key(slot);
    }

    /** Number of method slots; slots are {@code 0 .. size()-1}. */
    static int size() {
        return methods.size();
    }

    /**
     * Forgets every method and site: after a detach the next session numbers its sites from zero again, and a site
     * id of this session must not map to a method of it.
     */
    static synchronized void clear() {
        siteToMethod = new int[4096];
        sitesOfMethod = new int[64][];
        methods = new KeySlots<>();
    }
}
