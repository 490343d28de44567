package io.taper.controller.it;

import io.taper.runtime.state.Counters;
import io.taper.runtime.state.Flags;

/** The "snippet" the miniature weaver calls at method entry: counts executions and marks coverage. */
public final class Probe {

    public static final Counters HITS = new Counters();
    public static final Flags SEEN = new Flags();

    private Probe() {
    }

    public static void hit(int site) {
        HITS.inc(site);
        SEEN.set(site);
    }

    /** The "twice" variant of the snippet. */
    public static void hitTwice(int site) {
        HITS.add(site, 2);
        SEEN.set(site);
    }
}
