package io.taper.analysis.sfa.internal;

import java.lang.ref.WeakReference;
import java.util.Arrays;

/**
 * Per object, the set of members ({@code name:desc} slots) read so far: the per-instance half of the
 * stationary-field machine ("read seen" is the only per-instance state a verdict needs: a write then
 * asks whether the same object's field was read before).
 *
 * <p>Objects are keyed by identity and held weakly, so the table keeps nothing alive. Lookups take no
 * lock and allocate nothing: chains are immutable (an entry's {@code next} is final) and a rebuilt
 * table is filled before it is published; only adding an object or a member locks one of 64 segments.
 * A lookup racing with an insert into the same bucket may miss it: that needs the event and the
 * program's own access to race too, and then either order is a correct answer. Entries of collected
 * objects are dropped when their segment is rebuilt (no reference queue: a queue would make the
 * collector enqueue every dead entry). Plain arrays, not atomic ones: see {@link FieldTable}.
 */
public final class InstanceMarks {

    private static final int SEGMENT_BITS = 6;
    private static final int SEGMENTS = 1 << SEGMENT_BITS;

    private static final int RECENT = 1 << 12;

    private final Segment[] segments = new Segment[SEGMENTS];
    private final Entry[] recent = new Entry[RECENT];

    public InstanceMarks() {
        for (int i = 0; i < SEGMENTS; i++) {
            segments[i] = new Segment();
        }
    }

    /** Members some object was marked for (by member slot): a write of any other asks nothing. */
    private volatile boolean[] everMarked = new boolean[64];

    /** True if some object's member was ever marked: false answers {@link #isMarked} for every object. */
    boolean everMarked(int member) {
        boolean[] m = everMarked;
        return member >= 0 && member < m.length && m[member];
    }

    private void noteMarked(int member) {
        if (!everMarked(member)) {
            synchronized (this) {
                boolean[] m = everMarked;
                if (member >= m.length) {
                    m = Arrays.copyOf(m, Math.max(member + 1, m.length * 2));
                }
                m[member] = true;
                everMarked = m;        // volatile write: publishes the flag (and the grown array)
            }
        }
    }

    /** Records that the object's member was read; returns the object's entry (a weak reference to it). */
    public Entry mark(Object o, int member) {
        noteMarked(member);
        int h = hash(o);
        Entry e = recent(o, h);
        if (e == null) {
            e = segments[h & (SEGMENTS - 1)].find(o, h);
        }
        if (e == null || !e.has(member)) {
            e = segments[h & (SEGMENTS - 1)].add(o, h, member);
        }
        recent[(h >>> SEGMENT_BITS) & (RECENT - 1)] = e;
        return e;
    }

    /** True if {@link #mark} was called for this object and member. */
    public boolean isMarked(Object o, int member) {
        return markedEntry(o, member) != null;
    }

    /**
     * The object's entry if {@link #mark} was called for this object and member, else null. Takes no lock
     * and runs no code outside this class but the identity hash and {@code Reference.refersTo}: snippets
     * call it without entering the bypass.
     */
    public Entry markedEntry(Object o, int member) {
        if (!everMarked(member)) {
            return null;
        }
        int h = hash(o);
        Entry e = recent(o, h);
        if (e != null && e.has(member)) {
            return e;
        }
        // Only a positive answer of the cache is trusted: it may hold an entry's older copy (see rebuild),
        // which has a subset of the members.
        e = segments[h & (SEGMENTS - 1)].find(o, h);
        if (e == null) {
            return null;
        }
        recent[(h >>> SEGMENT_BITS) & (RECENT - 1)] = e;
        return e.has(member) ? e : null;
    }

    /**
     * The entry of a recently used object, if the cache still holds it. The tables hold millions of
     * entries, and a probe there is a cache miss or two; a program that touches an object touches it
     * several times in a row (at different sites, which is what the sites' own {@code last} misses).
     * Written and read without a lock: an entry is immutable in what identifies it, and a stale slot
     * only fails the identity check.
     */
    private Entry recent(Object o, int h) {
        Entry e = recent[(h >>> SEGMENT_BITS) & (RECENT - 1)];
        return e != null && e.hash == h && e.refersTo(o) ? e : null;
    }

    /** Forgets every object's marks, as when new: after a detach, the next session has seen no read yet. */
    public void clear() {
        for (Segment s : segments) {
            s.clear();
        }
        for (int i = 0; i < RECENT; i++) {
            recent[i] = null;
        }
        synchronized (this) {
            everMarked = new boolean[64];
        }
    }

    /** Objects with an entry that are still alive (counts; for tests and statistics). */
    public int liveObjects() {
        int n = 0;
        for (Segment s : segments) {
            n += s.live();
        }
        return n;
    }

    /** Entries in the tables, those of collected objects not yet dropped included (for tests). */
    int entries() {
        int n = 0;
        for (Segment s : segments) {
            n += s.entries();
        }
        return n;
    }

    private static int hash(Object o) {
        int h = System.identityHashCode(o);
        return h ^ (h >>> 16);
    }

    /** One object: a weak reference to it, its members (the first inline, more in an array). */
    public static final class Entry extends WeakReference<Object> {
        final int hash;
        final Entry next;
        final int first;
        volatile int[] more;

        Entry(Object o, int hash, Entry next, int first, int[] more) {
            super(o);
            this.hash = hash;
            this.next = next;
            this.first = first;
            this.more = more;
        }

        boolean has(int member) {
            if (first == member) {
                return true;
            }
            int[] m = more;
            if (m != null) {
                for (int x : m) {
                    if (x == member) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /** The bytes the marks hold: the tables, their entries (weak references) and the recent-entry cache. */
    public long bytes() {
        long b = 4L * RECENT + everMarked.length;
        for (Segment s : segments) {
            b += s.bytes();
        }
        return b;
    }

    /** A hash table of immutable chains; every change happens under the segment's lock. */
    static final class Segment {
        private volatile Entry[] table = new Entry[16];
        private int count;            // entries in the table, cleared ones included (guarded by this)

        /** Table slots plus entries (an entry: a weak reference with its hash, members and link, ~64 bytes). */
        long bytes() {
            return 4L * table.length + 64L * count;
        }

        Entry find(Object o, int h) {
            Entry[] t = table;
            for (Entry e = t[index(h, t.length)]; e != null; e = e.next) {
                if (e.hash == h && e.refersTo(o)) {
                    return e;
                }
            }
            return null;
        }

        synchronized Entry add(Object o, int h, int member) {
            Entry e = find(o, h);
            if (e != null) {
                if (!e.has(member)) {
                    int[] m = e.more;
                    int[] grown = m == null ? new int[1] : Arrays.copyOf(m, m.length + 1);
                    grown[grown.length - 1] = member;
                    e.more = grown;
                }
                return e;
            }
            Entry[] t = table;
            if (count >= t.length - (t.length >>> 2)) {
                t = rebuild(t);
            }
            int i = index(h, t.length);
            e = new Entry(o, h, t[i], member, null);
            t[i] = e;
            count++;
            return e;
        }

        /**
         * A new table without the entries of collected objects, twice as large if more than half of the
         * old one is still alive. Entries are copied, never relinked: a lock-free reader walking the old
         * table still sees every entry it could see before.
         */
        private Entry[] rebuild(Entry[] old) {
            int live = 0;
            for (Entry head : old) {
                for (Entry e = head; e != null; e = e.next) {
                    if (!e.refersTo(null)) {
                        live++;
                    }
                }
            }
            int length = live * 2 >= old.length ? old.length * 2 : old.length;
            Entry[] t = new Entry[length];
            int n = 0;
            for (Entry head : old) {
                for (Entry e = head; e != null; e = e.next) {
                    Object o = e.get();
                    if (o != null) {
                        int j = index(e.hash, length);
                        t[j] = new Entry(o, e.hash, t[j], e.first, e.more);
                        n++;
                    }
                }
            }
            table = t;                        // volatile write: readers see the filled table
            count = n;
            return t;
        }

        synchronized void clear() {
            table = new Entry[16];
            count = 0;
        }

        synchronized int entries() {
            return count;
        }

        synchronized int live() {
            int n = 0;
            for (Entry head : table) {
                for (Entry e = head; e != null; e = e.next) {
                    if (!e.refersTo(null)) {
                        n++;
                    }
                }
            }
            return n;
        }

        private static int index(int h, int length) {
            // the low bits chose the segment; use the ones above them inside it
            return (h >>> SEGMENT_BITS) & (length - 1);
        }
    }
}
