package io.taper.runtime.state;

import io.taper.runtime.StateBudget;
import io.taper.runtime.control.ProgramThreads;
import java.util.ArrayList;
import java.util.List;
import jdk.internal.vm.annotation.DontInline;
import jdk.internal.vm.annotation.ForceInline;

/**
 * Exact event counters per thread in a table that a field added to {@code java.lang.Thread} ({@value #FIELD}, by a
 * patched {@code java.base}) holds: a {@code long[][]} with one page per woven class, at the class's slot, made the
 * first time the thread counts in that class. Woven code reads the field itself
 * ({@code page(Thread.currentThread().taperCounts, slot)}), tests the page's length in the woven method's own code
 * and increments: no test shared by every woven method that calls out, so the JIT compiles each method's rare path on
 * its own profile (a trap where it never ran). Only the owning thread writes its pages, so no increment is lost, and
 * a thread holds the pages of the classes it ran and a reference per class slot up to the highest, not every
 * counter of the program: a pool of request threads costs what each thread touches.
 *
 * <p>The rare path is {@link #grown}: the first count of a thread or in a class, or Taper's own work on the thread,
 * during which the field holds a shadow table that is never reported ({@link #ownWork}). A table that grows is copied
 * (its pages are kept, so a method that fetched a page into a local counts on into the table); a page is made once,
 * at its class's size. Threads that ended are swept when the registered threads outnumber twice the live ones seen at
 * the last sweep, or their tables twice the bytes (at least {@link #sweepFloor}), and past that floor whenever a
 * thread starts and no ended thread's table is at hand: an ended thread's table goes to a thread that starts later,
 * whole (its counts, and the new thread's, are then reported as the exited threads'), or is added into one table of
 * exited counts and let go.
 *
 * <p>The rare path runs no woven code before it knows whether it is re-entered (not even {@code Math}'s): woven JDK
 * code that its own work runs (the registration's lists, the thread's name) comes back here on the same thread and
 * counts into a scratch page that is never reported.
 */
public final class ThreadFieldCounters {

    /** The field of {@code java.lang.Thread} the patch adds: {@code public long[][] taperCounts}. */
    public static final String FIELD = "taperCounts";

    private static final long OFFSET = offset();
    private static final long[] NONE = new long[0];
    private static final long[][] NO_TABLE = new long[0][];
    /** Bytes an array takes besides its elements, and a reference in a table: estimates. */
    private static final long HEADER = 16;
    private static final long REFERENCE = 4;
    private static final Object LOCK = new Object();
    private static final List<Entry> LIVE = new ArrayList<>();
    private static long[][] exited = NO_TABLE;
    /** The thread registering or growing now: its re-entries (woven JDK code under the lock) count into scratch. */
    private static Thread busy;
    private static long[] scratch = new long[1024];
    private static int liveAtSweep = 32;
    /** Bytes of the live threads' tables now and after the last sweep: a sweep also runs when they double. */
    private static long liveBytes;
    /** The most bytes below which only the count of threads starts a sweep ({@link #sweepFloor}). */
    private static final long SWEEP_BYTES = 64L << 20;
    private static long bytesAtSweep = -1;
    private static long registered;
    private static long ended;
    private static long handedOver;
    /**
     * Tables of ended threads, kept whole for threads that start: a thread-per-task program would otherwise make and
     * fold a table for each task. Their counts are the exited threads'.
     */
    private static final long[][][] POOL = new long[4][][];
    private static int pooled;

    /** A thread's tables: the one it reports and the shadow its field holds during Taper's own work. */
    private static final class Entry {
        final Thread thread;
        final String name;
        final long id;
        final boolean taper;
        long[][] real = NO_TABLE;
        /** Whether {@link #real} was an ended thread's: its counts are reported with the exited threads'. */
        boolean inherited;
        /**
         * Pages that a larger one replaced, still counted into (a woven method keeps the page it fetched on entry in
         * a local until it returns), and their slots.
         */
        long[][] retired = NO_TABLE;
        int[] retiredSlots = new int[0];
        long[][] shadow = NO_TABLE;
        int own;

        Entry(Thread thread, String name, boolean taper) {
            this.thread = thread;
            this.name = name;
            this.id = thread.getId();
            this.taper = taper;
        }
    }

    /** Receives each reported thread's pages ({@link #visit}). */
    public interface Visitor {
        /**
         * @param threadName the thread's name at registration, or null for the exited threads'
         * @param threadId   the thread's id, or -1
         * @param slot       the class slot the page counts
         * @param counts     the page (not a copy: read it, do not keep it)
         */
        void visit(String threadName, long threadId, int slot, long[] counts);
    }

    private ThreadFieldCounters() {
    }

    /**
     * Set last by the class's initialisation, which runs woven JDK code (reflection, its lists) that comes back here on
     * the same thread: until then that code counts into scratch.
     */
    private static final boolean READY = ready();

    private static boolean ready() {
        return true;
    }

    private static long offset() {
        sun.misc.Unsafe u = ThreadIds.UNSAFE;
        if (u == null) {
            return -1;
        }
        try {
            java.lang.reflect.Field f = Thread.class.getDeclaredField(FIELD);
            return f.getType() == long[][].class ? u.objectFieldOffset(f) : -1;
        } catch (Throwable e) {
            return -1;   // no patched java.base: this JVM counts through ThreadCounters
        }
    }

    /** Whether this JVM's {@code Thread} has the field (its {@code java.base} is patched). */
    public static boolean available() {
        return OFFSET >= 0;
    }

    /**
     * The page of the class in {@code slot} in a thread's table, or an empty one when the table does not reach it:
     * woven code then takes its rare path. No call, so its shared branch costs a compare where the JIT inlines it.
     */
    @ForceInline
    public static long[] page(long[][] table, int slot) {
        return slot < table.length ? table[slot] : NONE;
    }

    /**
     * The woven method's rare path: the current thread's page of the class in {@code slot}, made to hold
     * {@code size} counters and put into the table its field holds, which grows to reach it. Never inlined: it is the
     * path compiled code never takes.
     */
    @DontInline
    public static long[] grown(int slot, int size) {
        if (!READY || slot < 0 || size < 0) {
            return scratchFor(size < 0 ? 0 : size);   // no woven code here, not even Math's
        }
        if (OFFSET < 0) {
            return scratchFor(size);   // woven for a patched JVM, running in another: counted nowhere
        }
        Thread t = Thread.currentThread();
        synchronized (LOCK) {
            if (busy == t) {
                return scratchFor(size);
            }
            Thread before = busy;
            busy = t;
            try {
                Entry e = entryOf(t);
                boolean own = e.own > 0;
                long[][] table = own ? e.shadow : e.real;
                if (slot >= table.length) {
                    long[][] bigger = new long[tableSize(table, slot)][];
                    for (int i = 0; i < bigger.length; i++) {   // no woven code: no Arrays.fill
                        bigger[i] = i < table.length ? table[i] : NONE;
                    }
                    liveBytes += REFERENCE * (bigger.length - table.length);
                    table = bigger;
                    if (own) {
                        e.shadow = table;
                    } else {
                        e.real = table;
                    }
                }
                long[] p = table[slot];
                if (p.length < size) {
                    long[] made = new long[size];
                    liveBytes += HEADER + 8L * size;
                    if (p.length > 0 && !own) {
                        retire(e, slot, p);
                    } else if (p.length > 0) {
                        liveBytes -= HEADER + 8L * p.length;   // the shadow's counts may go
                    }
                    table[slot] = made;
                    p = made;
                }
                ThreadIds.UNSAFE.putObject(t, OFFSET, table);
                return p;
            } catch (OutOfMemoryError e) {
                // the program goes on: this count goes to scratch, never reported, until the page can be made
                StateBudget.heapExhausted();
                return scratchFor(size);
            } finally {
                busy = before;
            }
        }
    }

    /** {@code counts[counter]++}, through a local: the woven code's stack stays at two. */
    @ForceInline
    public static void add(long[] counts, int counter) {
        long next = counts[counter] + 1;
        counts[counter] = next;
    }

    /**
     * Taper's own work on the current thread starts or ends ({@code ThreadCounters.ownWork} calls this): meanwhile
     * its field holds the shadow table, so the woven JDK code the work runs counts where nothing is reported.
     */
    static void ownWork(boolean enter) {
        if (!READY || OFFSET < 0) {
            return;
        }
        Thread t = Thread.currentThread();
        synchronized (LOCK) {
            Thread before = busy;
            busy = t;
            try {
                Entry e = entryOf(t);
                if (enter) {
                    e.own++;
                } else if (e.own > 0) {
                    e.own--;
                }
                ThreadIds.UNSAFE.putObject(t, OFFSET, e.own > 0 ? e.shadow : e.real);
            } finally {
                busy = before;
            }
        }
    }

    /** Every reported thread's counts of the class in {@code slot}, {@code size} of them, and the exited threads'. */
    public static long[] sum(int slot, int size) {
        long[] out = new long[size < 0 ? 0 : size];
        synchronized (LOCK) {
            for (int i = 0; i < LIVE.size(); i++) {
                Entry e = LIVE.get(i);
                if (!e.taper) {
                    addPage(out, e.real, slot);
                    for (int r = 0; r < e.retired.length; r++) {
                        if (e.retiredSlots[r] == slot) {
                            addInto(out, e.retired[r]);
                        }
                    }
                }
            }
            for (int i = 0; i < pooled; i++) {
                addPage(out, POOL[i], slot);
            }
            addPage(out, exited, slot);
        }
        return out;
    }

    /**
     * Calls the visitor for every page of every reported live thread and then for the exited threads' (name null).
     * The lock is held meanwhile: threads registering or growing wait, the counting itself does not.
     */
    public static void visit(Visitor v) {
        synchronized (LOCK) {
            Thread before = busy;
            busy = Thread.currentThread();
            try {
                for (int i = 0; i < LIVE.size(); i++) {
                    Entry e = LIVE.get(i);
                    if (!e.taper) {
                        String name = e.inherited ? null : e.name;
                        long id = e.inherited ? -1 : e.id;
                        visitTable(v, name, id, e.real);
                        for (int r = 0; r < e.retired.length; r++) {
                            v.visit(name, id, e.retiredSlots[r], e.retired[r]);
                        }
                    }
                }
                for (int i = 0; i < pooled; i++) {
                    visitTable(v, null, -1, POOL[i]);
                }
                visitTable(v, null, -1, exited);
            } finally {
                busy = before;
            }
        }
    }

    private static void visitTable(Visitor v, String name, long id, long[][] table) {
        for (int s = 0; s < table.length; s++) {
            if (table[s].length > 0) {
                v.visit(name, id, s, table[s]);
            }
        }
    }

    /** Bytes the tables hold now (live threads' and their shadows, and the exited threads'), an estimate. */
    public static long bytes() {
        synchronized (LOCK) {
            long b = tableBytes(exited);
            for (int i = 0; i < LIVE.size(); i++) {
                Entry e = LIVE.get(i);
                b += 32 + tableBytes(e.real) + tableBytes(e.shadow) + tableBytes(e.retired);
            }
            for (int i = 0; i < pooled; i++) {
                b += tableBytes(POOL[i]);
            }
            return b;
        }
    }

    /**
     * Threads registered, threads whose counts went to the exited threads', live entries, and threads that took over
     * an ended thread's table.
     */
    public static long[] figures() {
        synchronized (LOCK) {
            return new long[] {registered, ended, LIVE.size(), handedOver};
        }
    }

    private static long tableBytes(long[][] table) {
        long b = HEADER + REFERENCE * table.length;
        for (long[] p : table) {
            if (p.length > 0) {
                b += HEADER + 8L * p.length;
            }
        }
        return b;
    }

    private static void addPage(long[] out, long[][] table, int slot) {
        if (slot >= 0 && slot < table.length) {
            addInto(out, table[slot]);
        }
    }

    private static void addInto(long[] out, long[] page) {
        for (int k = 0; k < out.length && k < page.length; k++) {
            out[k] += page[k];
        }
    }

    /** Keeps a page a larger one replaces, read with the thread's table; under the lock. */
    private static void retire(Entry e, int slot, long[] page) {
        int n = e.retired.length;
        long[][] r = new long[n + 1][];   // no woven code: no ArrayList
        int[] s = new int[n + 1];
        System.arraycopy(e.retired, 0, r, 0, n);
        System.arraycopy(e.retiredSlots, 0, s, 0, n);
        r[n] = page;
        s[n] = slot;
        e.retired = r;
        e.retiredSlots = s;
    }

    /** The length of the table after {@code table} that reaches {@code slot}: doubled at least. */
    private static int tableSize(long[][] table, int slot) {
        int n = table.length > (1 << 29) ? slot + 1 : table.length * 2;   // no woven code here, not even Math's
        if (n < slot + 1) {
            n = slot + 1;
        }
        return n < 64 ? 64 : n;
    }

    private static long[] scratchFor(int size) {
        long[] s = scratch;   // null while the class initialises
        if (s == null || size > s.length) {
            s = new long[size < 1024 ? 1024 : size];
            scratch = s;
        }
        return s;
    }

    /** The thread's entry, registered at its first call; under the lock. */
    private static Entry entryOf(Thread t) {
        for (int i = LIVE.size() - 1; i >= 0; i--) {
            if (LIVE.get(i).thread == t) {
                return LIVE.get(i);
            }
        }
        long floor = sweepFloor();
        // past the floor, a thread that starts looks for an ended one's table before it makes its own
        boolean handOver = liveBytes > floor && pooled == 0;
        if (handOver || LIVE.size() >= 2 * liveAtSweep || liveBytes > 2 * (bytesAtSweep > floor ? bytesAtSweep
                : floor)) {
            sweep();
        }
        String name = t.getName();
        Entry e = new Entry(t, name, ProgramThreads.isTapersName(name));
        if (!e.taper && pooled > 0) {
            e.real = POOL[--pooled];
            POOL[pooled] = null;
            e.inherited = true;
            handedOver++;
        }
        LIVE.add(e);
        registered++;
        return e;
    }

    /** Adds the counts of threads that ended into {@link #exited} and lets their tables go; under the lock. */
    private static void sweep() {
        int kept = 0;
        for (int i = 0; i < LIVE.size(); i++) {
            Entry e = LIVE.get(i);
            if (e.thread.isAlive()) {
                LIVE.set(kept++, e);
                continue;
            }
            boolean pool = !e.taper && e.real.length > 0 && pooled < POOL.length;
            if (!e.taper) {
                if (!pool) {
                    fold(e.real);
                }
                for (int r = 0; r < e.retired.length; r++) {
                    foldPage(e.retiredSlots[r], e.retired[r]);
                }
            }
            if (pool) {
                POOL[pooled++] = e.real;   // its counts stay in it: read as the exited threads' until folded
            } else {
                liveBytes -= tableBytes(e.real) - HEADER;
            }
            ThreadIds.UNSAFE.putObject(e.thread, OFFSET, NO_TABLE);
            liveBytes -= tableBytes(e.shadow) - HEADER + tableBytes(e.retired) - HEADER;
            ended++;
        }
        while (LIVE.size() > kept) {
            LIVE.remove(LIVE.size() - 1);
        }
        liveAtSweep = kept > 32 ? kept : 32;
        bytesAtSweep = liveBytes;
    }

    /**
     * The live bytes up to which only the count of threads starts a sweep: a thread that ended keeps its name in the
     * results until a sweep folds it; but an eighth of the state's budget at most ({@code --max-state}), so that a
     * thread-per-task program's ended threads go in time.
     */
    private static long sweepFloor() {
        long share = StateBudget.budgetBytes() / 8;
        return share < SWEEP_BYTES ? share : SWEEP_BYTES;
    }

    /** Adds an exited thread's table into {@link #exited}; under the lock. */
    private static void fold(long[][] table) {
        for (int s = 0; s < table.length; s++) {
            if (table[s].length > 0) {
                foldPage(s, table[s]);
            }
        }
    }

    /** Adds an exited thread's page into {@link #exited}; under the lock. */
    private static void foldPage(int slot, long[] page) {
        if (slot >= exited.length) {
            long[][] bigger = new long[tableSize(exited, slot)][];
            for (int i = 0; i < bigger.length; i++) {
                bigger[i] = i < exited.length ? exited[i] : NONE;
            }
            exited = bigger;
        }
        long[] into = exited[slot];
        if (into.length < page.length) {
            long[] b = new long[page.length];
            System.arraycopy(into, 0, b, 0, into.length);
            into = b;
            exited[slot] = b;
        }
        for (int k = 0; k < page.length; k++) {
            into[k] += page[k];
        }
    }
}
