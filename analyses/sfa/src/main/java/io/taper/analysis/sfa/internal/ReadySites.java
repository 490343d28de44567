package io.taper.analysis.sfa.internal;

import jdk.internal.vm.annotation.ForceInline;
import jdk.internal.vm.annotation.Stable;

/**
 * Field-access sites whose snippets decide in the woven method whether an event has anything to record:
 * one load and a compare there instead of a call per access.
 *
 * <ul>
 *   <li>A <em>read</em> site is ready once its objects' shadow offset is known ({@link ShadowMarks}) and its
 *       field reference's owner is recorded. From then on a read of a marked object changes nothing: the mark
 *       is only ever set, the owner recorded once, and a read of a non-stationary field records nothing
 *       either; a read of an unmarked object records the mark and nothing else. The snippet tests and sets the
 *       mark itself ({@link #marked}; a mark on a non-stationary field is never asked about) and calls the
 *       analysis only while the site is not ready.</li>
 *   <li>A <em>write</em> site is ready once, besides that, its field is accessed, written and its category
 *       can no longer change (¬F, or declared final). From then on a write to an object whose field was
 *       never read changes nothing: only a read mark can make it non-stationary. The snippet calls the
 *       analysis only when the mark is there ({@link #unmarked}), which happens once per field: the call
 *       makes the field non-stationary and its sites dead.</li>
 * </ul>
 *
 * <p>The offsets are ints in chunks of an array that is {@link Stable}: a site's offset is set once and never
 * changed within a session ({@link #clear}), and the site id is a constant in the woven method, so the JIT folds
 * the whole lookup into the constant offset when it compiles a method whose site is ready already (the VM honours
 * the annotation for classes on the boot class path, where this analysis lives). Code compiled before the site was
 * ready reads the table, and a reader that sees a 0 (no field lives at offset 0, the object header does) only takes
 * the analysis's own path, which is always right. Reads and writes take no lock: an int is never torn.
 */
public final class ReadySites {

    private static final int CHUNK_BITS = 10;
    private static final int CHUNK = 1 << CHUNK_BITS;
    /** Room for 4 million sites (a large program weaves some 100 000); sites beyond it are never ready. */
    private static final int CHUNKS = 4096;

    @Stable
    private final int[][] offsets = new int[CHUNKS][];

    /**
     * True if this read at a ready site is recorded in full here: {@code receiver}'s field carries its read mark,
     * set now if it was missing (a plain store, all that the analysis would do: see the class comment). False if
     * the site is not ready or the receiver is null (the read throws): the analysis decides. Forced inline, step
     * by step down to the mark's load and store (ReadyChecksInlineTest): inlined at every ready site, cold or hot,
     * and charged one byte per step to the inlining budget of the compilation that inlines a woven method. In a
     * method compiled after its site was ready the offset is a constant and the call to the analysis is dead code.
     */
    @ForceInline
    public boolean marked(Object receiver, int site) {
        int offset = offset(site);
        if (offset > 0 && receiver != null) {
            ShadowMarks.markRead(receiver, offset);
            return true;
        }
        return false;
    }

    /**
     * True if this write site is ready and the object's field was never read: the write has nothing to
     * record. A null receiver (the uninitialised {@code this}, or a write that throws) has nothing to record
     * at a ready site either. Forced inline as {@link #marked} is.
     */
    @ForceInline
    public boolean unmarked(Object receiver, int site) {
        int offset = offset(site);
        return offset > 0 && (receiver == null || !ShadowMarks.isRead(receiver, offset));
    }

    @ForceInline
    private int offset(int site) {
        int[] chunk = chunk(site >>> CHUNK_BITS);
        return chunk == null ? 0 : chunk[site & (CHUNK - 1)];
    }

    @ForceInline
    private int[] chunk(int i) {
        int[][] all = offsets;
        return i < all.length ? all[i] : null;
    }

    /** True once {@link #ready} was told about the site (a stale false only repeats that). */
    boolean isReady(int site) {
        return offset(site) != 0;
    }

    /**
     * No site is ready, as when new: after a detach the next session numbers its sites from zero, and an offset kept
     * for an id it gives another field's site would have that site store marks at the wrong place in its objects.
     * The only time a stable offset changes: the code the JIT compiled with one folded in was woven code, which the
     * JVM threw away when the detach restored its class; a method still running its woven form keeps marking its own
     * objects.
     */
    synchronized void clear() {
        for (int i = 0; i < CHUNKS; i++) {
            offsets[i] = null;
        }
    }

    /** The site's objects keep their mark at {@code offset}, and the site is ready as the class comment says. */
    synchronized void ready(int site, long offset) {
        int i = site >>> CHUNK_BITS;
        if (site < 0 || offset <= 0 || offset > Integer.MAX_VALUE || i >= CHUNKS) {
            return;
        }
        int[] chunk = offsets[i];
        if (chunk == null) {
            chunk = new int[CHUNK];
            offsets[i] = chunk;
        }
        if (chunk[site & (CHUNK - 1)] == 0) {
            chunk[site & (CHUNK - 1)] = (int) offset;   // once: a stable element never changes after it is set
        }
    }
}
