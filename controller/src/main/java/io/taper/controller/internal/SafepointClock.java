package io.taper.controller.internal;

/**
 * The time the JVM has spent stopped at safepoints, from HotSpot's own counter ({@code sun.rt.safepointTime}, read
 * through {@code sun.management}, which the agent exports to Taper): around a {@code retransformClasses} call it says
 * how long the program stood still, where the call's own time also holds the parsing and verifying of the new class
 * versions, which the JVM does while the program runs. A garbage collection during the call counts too.
 */
public final class SafepointClock {

    private static volatile boolean unavailable;

    private SafepointClock() {
    }

    /**
     * Milliseconds at safepoints since the JVM started, or -1 when the counter cannot be read (not HotSpot, or the
     * package not exported to Taper): then for the rest of the run.
     */
    public static long millis() {
        if (unavailable) {
            return -1;
        }
        try {
            return sun.management.ManagementFactoryHelper.getHotspotRuntimeMBean().getTotalSafepointTime();
        } catch (Throwable t) {
            unavailable = true;
            return -1;
        }
    }
}
