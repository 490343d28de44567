package io.taper.launcher.profile;

/**
 * One row of a method-time result (see the analysis's {@code MethodTimeResults}); times in nanoseconds.
 *
 * @param estimatedInclusiveNanos the analysis's estimate of a removed method's inclusive time at the end of the
 *                                run ({@code inclusiveNanos} for a method not removed, and in results written
 *                                before the estimate existed)
 * @param removedAtMillis         when adaptive mode removed the method's instrumentation, or -1
 * @param waitingNanos            the part of the inclusive time its thread spent waiting (0 in results without it)
 */
public record MethodRow(long id, String className, String method, String descriptor, long loader, long invocations,
                 long inclusiveNanos, long estimatedInclusiveNanos, long exclusiveNanos, long meanNanos,
                 long openFrames, long removedAtMillis, long waitingNanos) {

    /** The estimated inclusive time less the waiting: what the running view ranks by. */
    public long runningNanos() {
        return Math.max(0, estimatedInclusiveNanos - waitingNanos);
    }

    /** The time the view ranks by: running, or the estimated inclusive (wall) time. */
    public long nanos(ProfileView view) {
        return view == ProfileView.RUNNING ? runningNanos() : estimatedInclusiveNanos;
    }

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
