package io.taper.analysis.methodtime;

import io.taper.api.NoSiteSwitch;
import io.taper.api.After;
import io.taper.api.Before;
import io.taper.api.Inlinable;
import io.taper.api.ManualBypass;
import io.taper.api.SiteId;
import io.taper.api.SyntheticLocal;
import io.taper.api.marker.BodyMarker;
import io.taper.runtime.SiteSwitches;

/**
 * A timestamp at the entry of every method with a body and at each of its exits, normal or exceptional,
 * kept on the thread's shadow stack ({@link ThreadProfile}). The entry's token (the frame's depth)
 * travels to the exit in a synthetic local, so an exit matches its own frame even when other events
 * were missed.
 *
 * <p>The controller removes a cheap method by switching its entry site off ({@link SiteSwitches}), unless
 * it is told to re-weave classes. The snippets are inlinable and test the switch and the token in the woven
 * method: a switched-off entry yields token 0, and an exit whose entry recorded nothing has nothing to close,
 * so a frame entered before the switch still closes and none is opened after it.
 */
public final class MethodTimeSnippets {

    static final String FRAME = "methodTime.frame";

    private MethodTimeSnippets() {
    }

    @Inlinable
    @ManualBypass
    @Before(marker = BodyMarker.class, storeLocal = FRAME)
    @NoSiteSwitch   // tests its switch itself
    public static int onEntry(@SiteId int site) {
        if (SiteSwitches.isOff(site)) {
            return 0;
        }
        return MethodTimeEvents.enter(site);
    }

    @Inlinable
    @ManualBypass
    @After(marker = BodyMarker.class)
    @NoSiteSwitch   // pops the frame its entry pushed, also after the switch went off
    public static void onExit(@SiteId int site, @SyntheticLocal(FRAME) int frame) {
        if (frame > 0) {
            MethodTimeEvents.exit(site, frame);
        }
    }
}
