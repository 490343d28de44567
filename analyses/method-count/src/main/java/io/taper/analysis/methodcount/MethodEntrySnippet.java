package io.taper.analysis.methodcount;

import io.taper.api.Before;
import io.taper.api.SiteId;
import io.taper.api.marker.BodyMarker;

/** One counter increment on entry to every method that has a body. */
public final class MethodEntrySnippet {

    private MethodEntrySnippet() {
    }

    @Before(marker = BodyMarker.class)
    public static void onEntry(@SiteId int site) {
        MethodCounts.COUNTERS.inc(site);
    }
}
