package io.taper.launcher.profile;

/**
 * One row of a method-time result (see the analysis's {@code MethodTimeResults}); times in nanoseconds.
 *
 * @param estimatedInclusiveNanos the analysis's estimate of a removed method's inclusive time at the end of the
 *                                run ({@code inclusiveNanos} for a method not removed, and in results written
 *                                before the estimate existed)
 * @param removedAtMillis         when adaptive mode removed the method's instrumentation, or -1
 */
public record MethodRow(long id, String className, String method, String descriptor, long loader, long invocations,
                 long inclusiveNanos, long estimatedInclusiveNanos, long exclusiveNanos, long meanNanos,
                 long openFrames, long removedAtMillis) {

    public String key() {
        return MethodNames.key(className, method, descriptor);
    }

    public String frame() {
        return MethodNames.frame(className, method, descriptor);
    }

    public boolean removed() {
        return removedAtMillis >= 0;
    }

    /** True if the estimate differs from the measured inclusive time (a removed method's, extrapolated). */
    public boolean estimated() {
        return estimatedInclusiveNanos != inclusiveNanos;
    }
}
