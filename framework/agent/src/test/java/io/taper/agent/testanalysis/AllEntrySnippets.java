package io.taper.agent.testanalysis;

import io.taper.api.Before;
import io.taper.api.SiteId;
import io.taper.api.marker.BodyMarker;

/** Counts entries into every method of every class, the JDK's included. */
public final class AllEntrySnippets {

    private AllEntrySnippets() {
    }

    @Before(marker = BodyMarker.class)
    public static void onEntry(@SiteId int site) {
        EntryCounts.hit(site);
    }
}
