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

    private static final Map<Integer, Parsed> BY_SITE = new HashMap<>();

    private ParsedLayouts() {
    }

    /** The layout the site's facts carry, or null if it is not a bytecode-count class's facts site. */
    static synchronized ClassLayout of(SiteInfo site) {
        Parsed p = BY_SITE.get(site.id());
        if (p == null || p.site != site) {
            p = new Parsed(site, site.location() == -1 ? ClassLayout.fromFacts(site.staticContext()) : null);
            BY_SITE.put(site.id(), p);
        }
        return p.layout;
    }
}
