package io.taper.agent.testanalysis;

import java.util.concurrent.atomic.AtomicLongArray;

/** Entry counts by site id (on the boot class path in the observed JVM). */
public final class EntryCounts {

    static final int MAX_SITES = 1 << 18;
    private static final AtomicLongArray COUNTS = new AtomicLongArray(MAX_SITES);

    private EntryCounts() {
    }

    public static void hit(int site) {
        if (site >= 0 && site < MAX_SITES) {
            COUNTS.incrementAndGet(site);
        }
    }

    public static long get(int site) {
        return site >= 0 && site < MAX_SITES ? COUNTS.get(site) : 0;
    }
}
