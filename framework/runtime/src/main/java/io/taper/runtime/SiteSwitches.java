package io.taper.runtime;

import jdk.internal.vm.annotation.ForceInline;
import jdk.internal.vm.annotation.Stable;

/**
 * Sites switched off where they stand: their class keeps its woven code, and a snippet that asks
 * {@link #isOff} returns at once. Removing a site re-weaves its class, and the JVM then throws away the
 * compiled code of that class and of every method that inlined one of its methods: retransforming
 * {@code java.util.Arrays} or {@code java.lang.String} sends much of the program back to the interpreter, and
 * the JIT compiles it all again. Switching a site off costs nothing at the moment it happens, and the check it
 * leaves behind is a load and a compare in the woven method (the snippet's wrapper is inlinable).
 *
 * <p>A switch only ever goes from on to off (until a detach's {@link #reset}). The flags are bytes in chunks of an
 * array that is {@link Stable}: the site id is a constant in the woven method, so a method the JIT compiles after its
 * site was switched off has the check folded away, and the snippet with it (the VM honours the annotation for classes
 * on the boot class path, where the runtime lives). Code compiled before reads the flag: a reader that sees it before
 * it was set runs the snippet once more, which is what it did before the switch. Writers take the class's lock.
 */
public final class SiteSwitches {

    private static final int CHUNK_BITS = 10;
    private static final int CHUNK = 1 << CHUNK_BITS;
    /** Room for 4 million sites; a site beyond it cannot be switched off (its class is re-woven instead). */
    private static final int CHUNKS = 4096;

    @Stable
    private static final byte[][] OFF = new byte[CHUNKS][];
    private static int count;

    private SiteSwitches() {
    }

    /**
     * True if the site was switched off (a stale false only runs the snippet once more). Forced inline, with
     * {@link #chunk}: a forced callee costs a compilation's inlining budget one byte, where this check at every site
     * of every inlined woven method would otherwise charge its whole bytecode and crowd out the program's callees.
     */
    @ForceInline
    public static boolean isOff(int site) {
        byte[] chunk = chunk(site >>> CHUNK_BITS);
        return chunk != null && chunk[site & (CHUNK - 1)] != 0;
    }

    @ForceInline
    private static byte[] chunk(int i) {
        return i < OFF.length ? OFF[i] : null;
    }

    /**
     * Switches the site off for the rest of the run; false if it already was off, or the id is negative or
     * beyond the table.
     */
    public static synchronized boolean switchOff(int site) {
        int i = site >>> CHUNK_BITS;
        if (site < 0 || i >= CHUNKS) {
            return false;
        }
        byte[] chunk = OFF[i];
        if (chunk == null) {
            chunk = new byte[CHUNK];
            OFF[i] = chunk;
        }
        if (chunk[site & (CHUNK - 1)] != 0) {
            return false;
        }
        chunk[site & (CHUNK - 1)] = 1;     // once: a stable element never changes after it is set
        count++;
        return true;
    }

    /** Sites switched off so far. */
    public static synchronized int count() {
        return count;
    }

    /**
     * Turns every switch back on, as at the JVM's start: after a detach the next attach numbers its sites from zero,
     * and a switch of this session would remove another site of that one. The only time a stable flag changes: the
     * code the JIT compiled with a flag folded in was woven code, which the JVM threw away when the detach restored its
     * class; a method still running in its woven form keeps the flags it folded, for sites nobody reads any more. The
     * chunks are let go, not cleared, so that nothing compiled against them is handed a new session's flags.
     */
    public static synchronized void reset() {
        for (int i = 0; i < CHUNKS; i++) {
            OFF[i] = null;
        }
        count = 0;
    }
}
