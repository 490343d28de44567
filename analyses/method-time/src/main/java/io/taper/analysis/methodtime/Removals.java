package io.taper.analysis.methodtime;

import java.util.Arrays;

/**
 * The methods whose instrumentation the controller removed, with when (milliseconds since the controller
 * started). Their rows keep what was recorded before and say so.
 */
final class Removals {

    private static long[] removedAt = new long[0];   // per method slot; 0: not removed, else millis + 1
    private static int count;
    private static int[] methods = new int[16];   // the removed methods, in removal order

    private Removals() {
    }

    /** Marks the method removed at {@code millis}; false if it already was. */
    static synchronized boolean mark(int method, long millis) {
        if (method >= removedAt.length) {
            removedAt = Arrays.copyOf(removedAt, Math.max(method + 1, removedAt.length * 2 + 16));
        }
        if (removedAt[method] != 0) {
            return false;
        }
        removedAt[method] = Math.max(0, millis) + 1;
        if (count == methods.length) {
            methods = Arrays.copyOf(methods, count * 2);
        }
        methods[count++] = method;
        return true;
    }

    static synchronized boolean isRemoved(int method) {
        return method >= 0 && method < removedAt.length && removedAt[method] != 0;
    }

    /** When the method was removed, or -1 if it was not. */
    static synchronized long removedAtMillis(int method) {
        return isRemoved(method) ? removedAt[method] - 1 : -1;
    }

    /** The removed methods, in removal order. */
    static synchronized int[] methods() {
        return Arrays.copyOf(methods, count);
    }

    static synchronized int count() {
        return count;
    }

    /** No method removed: after a detach the next session's method slots are numbered from zero again. */
    static synchronized void clear() {
        removedAt = new long[0];
        count = 0;
        methods = new int[16];
    }
}
