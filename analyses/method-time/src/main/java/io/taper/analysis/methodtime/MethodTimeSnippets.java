package io.taper.analysis.methodtime;

import io.taper.api.After;
import io.taper.api.Before;
import io.taper.api.SiteId;
import io.taper.api.SyntheticLocal;
import io.taper.api.marker.BodyMarker;

/**
 * A timestamp at the entry of every method with a body and at each of its exits, normal or exceptional,
 * kept on the thread's shadow stack ({@link ThreadProfile}). The entry's token (the frame's depth)
 * travels to the exit in a synthetic local, so an exit matches its own frame even when other events
 * were missed.
 */
public final class MethodTimeSnippets {

    static final String FRAME = "methodTime.frame";

    private MethodTimeSnippets() {
    }

    @Before(marker = BodyMarker.class, storeLocal = FRAME)
    public static int onEntry(@SiteId int site) {
        ThreadProfile p = ThreadProfiles.current();
        int method = MethodIds.methodOf(site);
        return p.enter(method, System.nanoTime());
    }

    @After(marker = BodyMarker.class)
    public static void onExit(@SiteId int site, @SyntheticLocal(FRAME) int frame) {
        long now = System.nanoTime();
        ThreadProfiles.current().exit(MethodIds.methodOf(site), frame, now);
    }
}
