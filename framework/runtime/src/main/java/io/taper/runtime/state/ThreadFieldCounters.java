package io.taper.runtime.state;

import io.taper.runtime.StateBudget;
import io.taper.runtime.control.ProgramThreads;
import java.util.ArrayList;
import jdk.internal.vm.annotation.DontInline;
import jdk.internal.vm.annotation.ForceInline;

/**
 * Exact event counters in one {@code long[]} per thread that a field added to {@code java.lang.Thread}
 * ({@value #FIELD}, by a patched {@code java.base}) holds, indexed by counter numbers the server hands out per class.
 * Woven code reads the field itself ({@code Thread.currentThread().taperCounts}), tests the array's length in the
 * woven method's own code and increments: no test shared by every woven method, so the JIT compiles each method's
 * rare path on its own profile (a trap where it never ran) rather than a call everywhere. Only the owning thread
 * writes its array, so no increment is lost.
 *
 * <p>The rare path is {@link #grown}: the first count of a thread, a counter past its array's end, or Taper's own work
 * on the thread, during which the field holds the scratch array, shared and never reported ({@link #ownWork}). A thread
 * whose array grows gets a new one, empty, and the old one stays its own and is read with it: a method that fetched the
 * old one into a local before keeps counting there. Threads that ended are swept when the registered threads outnumber
 * twice the live ones seen at the last sweep, or their arrays twice the bytes (at least {@link #sweepFloor}), and past
 * that floor whenever a thread starts and no ended thread's array is at hand: an ended thread's array goes to a thread
 * that starts later, whole (its counts, and the new thread's, are then reported as the exited threads'), or is added
 * into one array of exited counts and let go.
 *
 * <p>The rare path runs no woven code before it knows whether it is re-entered (not even {@code Math}'s): woven JDK
 * code that its own work runs (the registration's lists, the thread's name) comes back here on the same thread and
 * counts into a scratch array that is never reported.
 */
public final class ThreadFieldCounters {

    /** The field of {@code java.lang.Thread} the patch adds: {@code public long[] taperCounts}. */
    public static final String FIELD = "taperCounts";

    private static final long OFFSET = offset();
    private static final long[] NONE = new long[0];
    private static final Object LOCK = new Object();
    private static final ArrayList<Entry> LIVE = new ArrayList<>();
    private static long[] exited = NONE;
    /** The thread registering or growing now: its re-entries (woven JDK code under the lock) count into scratch. */
    private static Thread busy;
    private static long[] scratch = new long[1024];
    private static int liveAtSweep = 32;
    /** Bytes of the live threads' arrays now and after the last sweep: a sweep also runs when they double. */
    private static long liveBytes;
    /** The most bytes below which only the count of threads starts a sweep ({@link #sweepFloor}). */
    private static final long SWEEP_BYTES = 64L << 20;
    private static long bytesAtSweep = -1;
    private static long registered;
    private static long ended;
    private static long handedOver;
    /**
     * Arrays of ended threads, kept whole for threads that start: a thread-per-task program would otherwise make and
     * fold an array that spans every counter for each task. Their counts are the exited threads'.
     */
    private static final long[][] POOL = new long[4][];
    private static int pooled;
    /**
     * The arrays threads count into once theirs cannot grow within {@link #counterLimit}: one per stripe of thread
     * ids ({@link #stripeOf}) for exact counts, the first for plain ones; and the ones they held before they grew (a
     * woven method may still count into the array it fetched on entry). Bounded: at most 64 arrays that span the
     * counters, as many as an eighth of the limit holds ({@link #fitStripes}), where every such thread would
     * otherwise hold its own. Plain increments, for code that keeps the array for several counts ({@link #grown}), of
     * two threads that hit one counter at the same moment may lose one: the counts are then a lower bound, and the
     * results say how many threads counted there ({@link #figures}); code that counts once per rare-path call counts
     * there exactly ({@link #counted}).
     */
    private static final long[][] SHARED = stripes();
    /**
     * Per stripe, the array {@link #counted} returns for the woven increment, never reported: one for every thread
     * would put all of them on one hot line, which is the cost a stripe avoids.
     */
    private static final long[][] SINKS = stripes();
    private static long[][] sharedRetired = new long[0][];
    private static long sharingThreads;
    /** Of {@link #sharingThreads}, those that counted with plain increments ({@link #grown}): the lower bound's. */
    private static long sharingInexact;
    /**
     * The field of a thread past the budget whose woven code counts one counter per rare-path call
     * ({@link #counted}): empty, so that every count takes the rare path, which adds it to {@link #SHARED} with a
     * compare-and-set. Exact at the price of a call per count, for those threads only.
     */
    private static final long[] PAST = new long[0];

    /**
     * The shared array is striped by thread id: threads of different stripes never contend for one counter's cache
     * line, which two cores taking turns on one line would make the cost of every count.
     */
    private static long[][] stripes() {
        long[][] s = new long[64][];
        for (int i = 0; i < s.length; i++) {
            s[i] = NONE;
        }
        return s;
    }

    @SuppressWarnings("deprecation")    // Thread.threadId() is Java 19+; getId() is the same number
    private static int stripeOf(Thread t) {
        return (int) t.getId() & stripeMask;
    }

    /** Stripes in use, less one: as many as an eighth of {@link #counterLimit} holds ({@link #fitStripes}). */
    private static volatile int stripeMask;

    /**
     * Sets the stripes in use for arrays that hold {@code counter}, each with its sink, doubled as arrays grow: as
     * many as fit in an eighth of {@link #counterLimit}, at least one, so that many counters mean fewer stripes rather
     * than more memory. A stripe no longer in use keeps its counts and is still reported; under the lock.
     */
    private static void fitStripes(int counter) {
        long per = 32L * (counter + 1L);
        long allowed = counterLimit() / 8;
        int k = 1;
        while (k < SHARED.length && 2L * k * per <= allowed) {
            k <<= 1;
        }
        stripeMask = k - 1;
    }

    /** A thread's arrays: the one it reports, and the ones it held before. */
    private static final class Entry {
        final Thread thread;
        final String name;
        final long id;
        final boolean taper;
        long[] real = NONE;
        /** Whether {@link #real} was an ended thread's: its counts are reported with the exited threads'. */
        boolean inherited;
        /**
         * The arrays {@link #real} held before it grew, still counted into: a woven method keeps the array it fetched
         * on entry in a local until it returns, so growth adds an array rather than copies one.
         */
        long[][] retired = new long[0][];
        int own;
        /** Whether the thread counts into {@link #SHARED} since its array could not grow within the budget. */
        boolean sharing;
        /** Whether it did so with plain increments ({@link #grown}), not only exactly ({@link #counted}). */
        boolean inexact;

        Entry(Thread thread, String name, boolean taper) {
            this.thread = thread;
            this.name = name;
            this.id = thread.getId();
            this.taper = taper;
        }
    }

    /** Receives each reported thread's array ({@link #visit}). */
    public interface Visitor {
        /**
         * @param threadName the thread's name at registration, or null for the exited threads' sum
         * @param threadId   the thread's id, or -1
         * @param counts     the thread's array (not a copy: read it, do not keep it)
         */
        void visit(String threadName, long threadId, long[] counts);
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
            return f.getType() == long[].class ? u.objectFieldOffset(f) : -1;
        } catch (Throwable e) {
            return -1;   // no patched java.base: this JVM counts through ThreadCounters
        }
    }

    /** Whether this JVM's {@code Thread} has the field (its {@code java.base} is patched). */
    public static boolean available() {
        return OFFSET >= 0;
    }

    /**
     * The woven method's rare path: the array the current thread's field should hold, grown to hold
     * {@code counter}, put into the field and returned. Never inlined: it is the path compiled code never takes.
     * Past the budget ({@link #counterLimit}), the array all such threads share, whose plain increments may lose one
     * another's: for code that keeps the array for several counts (a method's blocks).
     */
    @DontInline
    public static long[] grown(int counter) {
        return grown(counter, false);
    }

    /**
     * The rare path of code that counts {@code counter} once with the array this returns ({@code add(a, counter)},
     * {@link io.taper.runtime.state.ThreadFieldCounters#add}) and keeps it no further: as {@link #grown}, but a
     * thread past the budget counts exactly. Its field then holds an empty array, every count of it comes here, and
     * here it is added to the shared array atomically; what this returns is scratch, never
     * reported, for the woven increment. The check runs no woven code ({@code Thread} and {@code sun.misc.Unsafe}
     * are never woven, and their methods used here are intrinsics).
     */
    @DontInline
    public static long[] counted(int counter) {
        if (READY && OFFSET >= 0 && counter >= 0) {
            Thread t = Thread.currentThread();
            if (ThreadIds.UNSAFE.getObject(t, OFFSET) == PAST) {
                int i = stripeOf(t);
                long[] s = SHARED[i];
                long[] sink = SINKS[i];
                if (counter < s.length && counter < sink.length) {
                    addShared(s, counter);
                    return sink;
                }
            }
        }
        return grown(counter, true);
    }

    /**
     * One count into a shared array, exact against every other thread's ({@link #counted}): a compare-and-set loop
     * of {@code sun.misc.Unsafe}'s, whose methods used here call the JVM's natives directly (no woven code between).
     */
    private static void addShared(long[] s, int counter) {
        sun.misc.Unsafe u = ThreadIds.UNSAFE;
        long at = LONGS + 8L * counter;
        long v;
        do {
            v = u.getLongVolatile(s, at);
        } while (!u.compareAndSwapLong(s, at, v, v + 1));
    }

    private static final long LONGS = ThreadIds.UNSAFE == null ? 0 : ThreadIds.UNSAFE.arrayBaseOffset(long[].class);

    private static long[] grown(int counter, boolean once) {
        if (!READY || counter < 0) {
            return scratchFor(counter < 0 ? 0 : counter);   // no woven code here, not even Math's
        }
        if (OFFSET < 0) {
            return scratchFor(counter);   // woven for a patched JVM, running in another: counted nowhere
        }
        Thread t = Thread.currentThread();
        synchronized (LOCK) {
            if (busy == t) {
                return scratchFor(counter);
            }
            Thread before = busy;
            busy = t;
            try {
                Entry e = entryOf(t);
                if (e.own > 0) {
                    // Taper's own work: one scratch array for every thread (never reported), not one each
                    long[] sc = scratchFor(counter);
                    ThreadIds.UNSAFE.putObject(t, OFFSET, sc);
                    return sc;
                }
                long[] was = e.real;
                long[] now = was;
                if (counter >= was.length) {
                    int size = sizeFor(was, counter);
                    if (liveBytes + 8L * size > counterLimit()) {
                        sweep();
                    }
                    if (liveBytes + 8L * size > counterLimit()) {
                        // past the budget: this thread counts into the one array such threads share
                        if (!e.sharing) {
                            e.sharing = true;
                            sharingThreads++;
                        }
                        // plain increments gain little from stripes, and an array as wide as every block per stripe
                        // would cost more than the exact counts' do
                        if (once) {
                            fitStripes(counter);
                        }
                        int stripe = once ? stripeOf(t) : 0;
                        long[] s = sharedFor(stripe, counter);
                        if (once) {
                            addShared(s, counter);
                            ThreadIds.UNSAFE.putObject(t, OFFSET, PAST);
                            if (SINKS[stripe].length < s.length) {
                                SINKS[stripe] = new long[s.length];
                            }
                            return SINKS[stripe];
                        }
                        if (!e.inexact) {
                            e.inexact = true;
                            sharingInexact++;
                        }
                        ThreadIds.UNSAFE.putObject(t, OFFSET, s);
                        return s;
                    }
                    now = new long[size];
                    liveBytes += 8L * now.length;
                }
                if (now != was) {
                    if (was.length > 0) {
                        long[][] r = new long[e.retired.length + 1][];   // no woven code: no ArrayList
                        System.arraycopy(e.retired, 0, r, 0, e.retired.length);
                        r[e.retired.length] = was;
                        e.retired = r;
                    }
                    e.real = now;
                }
                ThreadIds.UNSAFE.putObject(t, OFFSET, now);
                return now;
            } catch (OutOfMemoryError e) {
                // the program goes on: this thread counts into scratch, never reported, until its array can grow
                StateBudget.heapExhausted();
                long[] sc = scratchFor(counter);
                ThreadIds.UNSAFE.putObject(t, OFFSET, sc);
                return sc;
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
     * its field holds the scratch array, so the woven JDK code the work runs counts where nothing is reported.
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
                ThreadIds.UNSAFE.putObject(t, OFFSET, e.own > 0 ? scratchFor(0) : e.real);
            } finally {
                busy = before;
            }
        }
    }

    /**
     * Forgets every thread's arrays, the exited threads' sums, the shared arrays and the figures, as at the JVM's
     * start: after a detach the next attach numbers its counters from zero, and none of them may read this session's
     * counts.
     * Every registered thread's field gets the empty array its constructor gave it, so its next count registers it
     * again; a method that fetched its array before goes on counting there until it returns, and nobody reads it.
     */
    public static void reset() {
        Thread t = Thread.currentThread();
        synchronized (LOCK) {
            Thread before = busy;
            busy = t;   // the woven code run here counts into scratch
            try {
                if (OFFSET >= 0) {
                    for (int i = 0; i < LIVE.size(); i++) {
                        ThreadIds.UNSAFE.putObject(LIVE.get(i).thread, OFFSET, NONE);
                    }
                }
                LIVE.clear();
                LIVE.trimToSize();
                exited = NONE;
                scratch = new long[1024];
                liveAtSweep = 32;
                liveBytes = 0;
                bytesAtSweep = -1;
                registered = 0;
                ended = 0;
                handedOver = 0;
                for (int i = 0; i < POOL.length; i++) {
                    POOL[i] = null;
                }
                pooled = 0;
                for (int i = 0; i < SHARED.length; i++) {
                    SHARED[i] = NONE;
                    SINKS[i] = NONE;
                }
                sharedRetired = new long[0][];
                sharingThreads = 0;
                sharingInexact = 0;
                stripeMask = 0;
                heapQuarter = -1;
            } finally {
                busy = before;
            }
        }
    }

    /** Every reported thread's counts of {@code [base, base + size)} and the exited threads', summed. */
    public static long[] sum(int base, int size) {
        long[] out = new long[size < 0 ? 0 : size];
        visit(new Visitor() {
            @Override
            public void visit(String threadName, long threadId, long[] counts) {
                addRange(out, counts, base);
            }
        });
        return out;
    }

    /**
     * Calls the visitor for every reported live thread's array and then for the exited threads' sum (name null). The
     * lock is held meanwhile: threads registering or growing wait, the counting itself does not.
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
                        v.visit(name, id, e.real);
                        for (long[] r : e.retired) {
                            v.visit(name, id, r);
                        }
                    }
                }
                for (int i = 0; i < pooled; i++) {
                    v.visit(null, -1, POOL[i]);
                }
                for (long[] s : SHARED) {
                    if (s.length > 0) {
                        v.visit(SHARED_NAME, -1, s);
                    }
                }
                for (long[] r : sharedRetired) {
                    v.visit(SHARED_NAME, -1, r);
                }
                v.visit(null, -1, exited);
            } finally {
                busy = before;
            }
        }
    }

    /** The name the threads past the budget count under, together ({@link #SHARED}). */
    public static final String SHARED_NAME = "(threads past the counters' budget, together)";

    /**
     * The bytes of the threads' own arrays past which a thread shares: the state's budget, or a quarter of the heap if
     * that is more. Sharing costs exactness, so it is kept for when the arrays would threaten the program's heap; under
     * that, arrays may pass the budget (a thread-per-task program's few live threads keep theirs).
     */
    private static long counterLimit() {
        long quarter = heapQuarter;
        if (quarter < 0) {
            quarter = Runtime.getRuntime().maxMemory() / 4;   // under the lock: woven JDK code counts into scratch
            heapQuarter = quarter;
        }
        long budget = StateBudget.budgetBytes();
        return budget > quarter ? budget : quarter;
    }

    private static long heapQuarter = -1;

    /** The shared array's stripe {@code stripe}, grown to hold {@code counter}; under the lock. */
    private static long[] sharedFor(int stripe, int counter) {
        long[] s = SHARED[stripe];
        if (counter >= s.length) {
            long[] b = new long[sizeFor(s, counter)];
            if (s.length > 0) {
                long[][] r = new long[sharedRetired.length + 1][];   // no woven code: no ArrayList
                System.arraycopy(sharedRetired, 0, r, 0, sharedRetired.length);
                r[sharedRetired.length] = s;
                sharedRetired = r;
            }
            SHARED[stripe] = b;
            return b;
        }
        return s;
    }

    /** Bytes the arrays hold now (live threads', the shared ones, scratch and the exited threads' sum), an estimate. */
    public static long bytes() {
        synchronized (LOCK) {
            long[] sc = scratch;
            long b = 32 + 8L * (exited.length + (sc == null ? 0 : sc.length));
            for (int i = 0; i < SHARED.length; i++) {
                b += 32 + 8L * (SHARED[i].length + SINKS[i].length);
            }
            for (long[] r : sharedRetired) {
                b += 16 + 8L * r.length;
            }
            for (int i = 0; i < LIVE.size(); i++) {
                Entry e = LIVE.get(i);
                b += 32 + 8L * e.real.length;
                for (long[] r : e.retired) {
                    b += 16 + 8L * r.length;
                }
            }
            for (int i = 0; i < pooled; i++) {
                b += 16 + 8L * POOL[i].length;
            }
            return b;
        }
    }

    /**
     * Threads registered, threads whose counts went to the exited threads', live entries, threads that took over
     * an ended thread's array, threads that counted into the shared array past the budget, and those of them that
     * did so with plain increments (the counts are a lower bound unless it is 0).
     */
    public static long[] figures() {
        synchronized (LOCK) {
            return new long[] {registered, ended, LIVE.size(), handedOver, sharingThreads, sharingInexact};
        }
    }

    private static void addRange(long[] out, long[] counts, int base) {
        for (int k = 0; k < out.length && base + k < counts.length; k++) {
            if (base + k >= 0) {
                out[k] += counts[base + k];
            }
        }
    }

    /** {@code a} copied into an array that holds {@code counter}. */
    private static long[] grow(long[] a, int counter) {
        if (counter < a.length) {
            return a;
        }
        long[] b = new long[sizeFor(a, counter)];
        System.arraycopy(a, 0, b, 0, a.length);
        return b;
    }

    /** The length of the array after {@code a} that holds {@code counter}: doubled at least. */
    private static int sizeFor(long[] a, int counter) {
        int n = a.length > (1 << 29) ? counter + 1 : a.length * 2;   // no woven code here, not even Math's
        if (n < counter + 1) {
            n = counter + 1;
        }
        return n < 1024 ? 1024 : n;
    }

    private static long[] scratchFor(int counter) {
        long[] s = scratch;   // null while the class initialises
        if (s == null || counter >= s.length) {
            int n = s == null || s.length > (1 << 29) ? 0 : 2 * s.length;   // doubled: no woven code, not Math's
            s = new long[counter < 1024 ? (n > 1024 ? n : 1024) : (n > counter ? n : counter + 1)];
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
        // past the floor, a thread that starts looks for an ended one's array before it makes its own
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

    /** Adds the counts of threads that ended into {@link #exited} and lets their arrays go; under the lock. */
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
                for (long[] r : e.retired) {
                    fold(r);
                }
            }
            if (pool) {
                POOL[pooled++] = e.real;   // its counts stay in it: read as the exited threads' until folded
            } else {
                liveBytes -= 8L * e.real.length;
            }
            ThreadIds.UNSAFE.putObject(e.thread, OFFSET, NONE);
            for (long[] r : e.retired) {
                liveBytes -= 8L * r.length;
            }
            ended++;
        }
        while (LIVE.size() > kept) {
            LIVE.remove(LIVE.size() - 1);
        }
        liveAtSweep = kept > 32 ? kept : 32;
        bytesAtSweep = liveBytes;
    }

    /**
     * The live bytes up to which only the count of threads starts a sweep: block counters span megabytes per thread,
     * and a thread that ended keeps its name in the results until a sweep folds it; but an eighth of the state's
     * budget at most ({@code --max-state}), so that a thread-per-task program's ended threads go in time.
     */
    private static long sweepFloor() {
        long share = StateBudget.budgetBytes() / 8;
        return share < SWEEP_BYTES ? share : SWEEP_BYTES;
    }

    /** Adds an exited thread's array into {@link #exited}; under the lock. */
    private static void fold(long[] counts) {
        if (exited.length < counts.length) {
            exited = grow(exited, counts.length - 1);
        }
        for (int k = 0; k < counts.length; k++) {
            exited[k] += counts[k];
        }
    }
}
