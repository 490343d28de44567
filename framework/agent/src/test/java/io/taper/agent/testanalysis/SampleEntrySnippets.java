package io.taper.agent.testanalysis;

import io.taper.api.Before;
import io.taper.api.SiteId;
import io.taper.api.marker.BodyMarker;

/** Counts entries into the methods of the observed test program (package {@code sample}). */
public final class SampleEntrySnippets {

    private SampleEntrySnippets() {
    }

    @Before(marker = BodyMarker.class, scope = "sample.*.*")
    public static void onEntry(@SiteId int site) {
        EntryCounts.hit(site);
    }
}
