package io.taper.e2e.adaptive.analysis;

import io.taper.api.Before;
import io.taper.api.SiteId;
import io.taper.api.marker.BodyMarker;

/**
 * Method-entry coverage over the adaptive fixtures, plus an execution counter per site that shows whether
 * a snippet still runs. Two variants of one snippet group: the default counts 1, "double" counts 2.
 */
public final class PhaseSnippets {

    static final String SCOPE = "io.taper.e2e.adaptive.fixtures.*.*";

    private PhaseSnippets() {
    }

    @Before(marker = BodyMarker.class, scope = SCOPE, group = "entry")
    public static void onEntry(@SiteId int site) {
        PhaseState.EXECUTIONS.inc(site);
        PhaseState.COVERED.set(site);
    }

    @Before(marker = BodyMarker.class, scope = SCOPE, group = "entry", variant = "double")
    public static void onEntryDouble(@SiteId int site) {
        PhaseState.EXECUTIONS.add(site, 2);
        PhaseState.COVERED.set(site);
    }
}
