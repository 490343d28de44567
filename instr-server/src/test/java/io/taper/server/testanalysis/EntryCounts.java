package io.taper.server.testanalysis;

import java.util.concurrent.atomic.AtomicLongArray;

/** Entry counts by site id. */
public final class EntryCounts {

    private static final AtomicLongArray COUNTS = new AtomicLongArray(1 << 16);

    private EntryCounts() {
    }

    public static void hit(int site) {
        COUNTS.incrementAndGet(site);
    }

    public static long get(int site) {
        return COUNTS.get(site);
    }
}
