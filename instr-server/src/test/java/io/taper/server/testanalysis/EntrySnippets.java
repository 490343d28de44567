package io.taper.server.testanalysis;

import io.taper.api.Before;
import io.taper.api.SiteId;
import io.taper.api.marker.BodyMarker;

/** The server tests' analysis: counts entries into the methods of package {@code sample}. */
public final class EntrySnippets {

    private EntrySnippets() {
    }

    @Before(marker = BodyMarker.class, scope = "sample.*.*")
    public static void onEntry(@SiteId int site) {
        EntryCounts.hit(site);
    }
}
