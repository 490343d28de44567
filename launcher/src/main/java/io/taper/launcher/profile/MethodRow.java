package io.taper.launcher.profile;

/**
 * One row of a method-time result (see the analysis's {@code MethodTimeResults}); times in nanoseconds.
 *
 * @param removedAtMillis when adaptive mode removed the method's instrumentation, or -1
 */
public record MethodRow(long id, String className, String method, String descriptor, long loader, long invocations,
                 long inclusiveNanos, long exclusiveNanos, long meanNanos, long openFrames, long removedAtMillis) {

    public String key() {
        return MethodNames.key(className, method, descriptor);
    }

    public String frame() {
        return MethodNames.frame(className, method, descriptor);
    }

    public boolean removed() {
        return removedAtMillis >= 0;
    }
}
