package io.taper.analysis.sfa.internal;

/**
 * Read sites at which an object that already carries its read mark has nothing left to record, so the
 * inlinable read snippets test the mark themselves and call the analysis only when it is missing: one
 * load and a compare in the woven method instead of a call per read.
 *
 * <p>A site becomes ready once its objects' shadow offset is known ({@link ShadowMarks}) and its field
 * reference's owner is recorded. From then on a read of a marked object changes nothing: the mark is
 * only ever set, the owner recorded once, and a read of a non-stationary field records nothing either.
 *
 * <p>The offsets are ints in an array read and written without a lock: an int is never torn, a reader
 * that sees an older array or a 0 (no field lives at offset 0, the object header does) only takes the
 * analysis's own path, which is always right.
 */
public final class ReadyReadSites {

    private int[] offsets = new int[4096];

    /**
     * True if {@code receiver}'s field at this read site is marked read and the site is ready. Kept under the
     * JIT's 35-byte limit for inlining call sites it does not yet know to be hot (C1 code, warm methods): at
     * 47 bytes this check was a call at some 6,800 compiled read sites of a Xalan run.
     */
    public boolean marked(Object receiver, int site) {
        int offset = offset(site);
        return offset > 0 && receiver != null && ShadowMarks.isRead(receiver, offset);
    }

    private int offset(int site) {
        int[] a = offsets;
        return site >= 0 && site < a.length ? a[site] : 0;
    }

    /** True once {@link #ready} was told about the site (a stale false only repeats that). */
    boolean isReady(int site) {
        int[] a = offsets;
        return site >= 0 && site < a.length && a[site] != 0;
    }

    /** The site's objects keep their mark at {@code offset} and its field's owner is recorded. */
    synchronized void ready(int site, long offset) {
        if (site < 0 || offset <= 0 || offset > Integer.MAX_VALUE) {
            return;
        }
        int[] a = offsets;
        if (site >= a.length) {
            int n = a.length;
            while (n <= site) {
                n *= 2;
            }
            int[] grown = new int[n];
            for (int i = 0; i < a.length; i++) {        // no JDK code inside snippets: no Arrays.copyOf
                grown[i] = a[i];
            }
            a = grown;
        }
        a[site] = (int) offset;
        offsets = a;
    }
}
