package io.taper.weaver.jdk;

import io.taper.api.After;
import io.taper.api.Arg;
import io.taper.api.Before;
import io.taper.api.Return;
import io.taper.api.SiteId;
import io.taper.api.SyntheticLocal;
import io.taper.api.This;
import io.taper.api.Thrown;
import io.taper.api.marker.AfterInitBodyMarker;
import io.taper.api.marker.BasicBlockMarker;

/**
 * Exercises the exceptional-exit handlers, synthetic locals and entry copies over all of java.base
 * (verification only; not the throughput figure).
 */
public class JdkExitSnippets {

    @Before(marker = AfterInitBodyMarker.class, storeLocal = "t0")
    public static long enter() {
        return 0L;
    }

    @After(marker = AfterInitBodyMarker.class)
    public static void exit(@SiteId int site, @SyntheticLocal("t0") long t0, @This Object self, @Arg(0) Object a0,
                            @Return Object ret, @Thrown Throwable thrown) {
    }

    @After(marker = BasicBlockMarker.class)
    public static void blockExit(@SiteId int site, @SyntheticLocal("t0") long t0) {
    }
}
