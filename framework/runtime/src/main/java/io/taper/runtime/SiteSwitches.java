package io.taper.runtime;

/**
 * Sites switched off where they stand: their class keeps its woven code, and a snippet that asks
 * {@link #isOff} returns at once. Removing a site re-weaves its class, and the JVM then throws away the
 * compiled code of that class and of every method that inlined one of its methods: retransforming
 * {@code java.util.Arrays} or {@code java.lang.String} sends much of the program back to the interpreter, and
 * the JIT compiles it all again. Switching a site off costs nothing at the moment it happens, and the check it
 * leaves behind is a load and a compare in the woven method (the snippet's wrapper is inlinable).
 *
 * <p>A switch only ever goes from on to off. The flags are bytes in an array read and written without a lock:
 * a reader that sees an older array, or the flag before it was set, runs the snippet once more, which is what
 * it did before the switch. Writers take the class's lock, so no flag set is lost when the array grows.
 */
public final class SiteSwitches {

    private static byte[] off = new byte[4096];
    private static int count;

    private SiteSwitches() {
    }

    /** True if the site was switched off (a stale false only runs the snippet once more). */
    public static boolean isOff(int site) {
        byte[] a = off;
        return site >= 0 && site < a.length && a[site] != 0;
    }

    /** Switches the site off for the rest of the run; false if it already was off or the id is negative. */
    public static synchronized boolean switchOff(int site) {
        if (site < 0) {
            return false;
        }
        byte[] a = off;
        if (site >= a.length) {
            int n = a.length;
            while (n <= site) {
                n *= 2;
            }
            byte[] grown = new byte[n];
            System.arraycopy(a, 0, grown, 0, a.length);
            a = grown;
        }
        if (a[site] != 0) {
            return false;
        }
        a[site] = 1;
        off = a;
        count++;
        return true;
    }

    /** Sites switched off so far. */
    public static synchronized int count() {
        return count;
    }
}
