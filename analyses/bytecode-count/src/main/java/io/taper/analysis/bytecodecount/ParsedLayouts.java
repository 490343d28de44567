package io.taper.analysis.bytecodecount;

import io.taper.runtime.SiteInfo;
import java.util.HashMap;
import java.util.Map;

/**
 * The woven classes' layouts as their sites carry them, parsed once per site: the results read them at every
 * snapshot and the controller at every class woven. A class woven again gets a new site record, parsed anew.
 */
final class ParsedLayouts {

    /** A site's facts parsed (a class, not a record: no {@code java.lang.invoke} in the observed JVM). */
    private static final class Parsed {
        final SiteInfo site;
        final ClassLayout layout;

        Parsed(SiteInfo site, ClassLayout layout) {
            this.site = site;
            this.layout = layout;
        }
    }

    // Guarded by the class lock; replaced, not cleared, by clear(): a map keeps the table it grew to.
    private static Map<Integer, Parsed> bySite = new HashMap<>();

    private ParsedLayouts() {
    }

    /** The layout the site's facts carry, or null if it is not a bytecode-count class's facts site. */
    static synchronized ClassLayout of(SiteInfo site) {
        Parsed p = bySite.get(site.id());
        if (p == null || p.site != site) {
            p = new Parsed(site, site.location() == -1 ? ClassLayout.fromFacts(site.staticContext()) : null);
            bySite.put(site.id(), p);
        }
        return p.layout;
    }

    /** Sites parsed so far (for tests). */
    static synchronized int parsed() {
        return bySite.size();
    }

    /** Forgets every site's layout: after a detach, the next session's sites are numbered from zero again. */
    static synchronized void clear() {
        bySite = new HashMap<>();
    }
}
