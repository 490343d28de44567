package io.taper.runtime.state;

import io.taper.runtime.control.ProgramThreads;
import java.util.ArrayList;
import jdk.internal.vm.annotation.DontInline;
import jdk.internal.vm.annotation.ForceInline;
import jdk.internal.vm.annotation.Stable;

/**
 * Exact event counters without an atomic operation on the hot path: every thread has its own {@code long[]} per
 * class slot, fetched once per method invocation by woven code ({@link #counters}) and incremented with plain array
 * stores, as coverage tools fetch their probe array. Only the owning thread writes an array, so no increment is
 * lost; readers (the results, a controller) see values that may trail by the increments in flight.
 *
 * <p>The lookup runs no woven code (not even {@code Math}'s: every JDK method it calls is native or never woven): the
 * thread's table is found in a front indexed by its id (read from its field) and compared by identity;
 * {@code java.lang.Thread} and {@code sun.misc.Unsafe} are never woven. A miss registers
 * the thread under a lock; woven JDK code that registration itself runs (its allocations, the thread's name) comes
 * back here on the same thread and gets a scratch array that is never reported, so it neither recurses nor counts.
 *
 * <p>The first program thread to count in a class owns that class's array until it ends ({@link #OWNED}, stable):
 * its fetch is a compare of the current thread against a constant and a load from a constant, once the JIT
 * compiles the method after the first call, so a mostly single-threaded program pays no lookup at all. Other threads
 * take the lookup below; the owner takes it too while any thread does Taper's own work, so that work never counts.
 *
 * <p>Memory stays proportional to the live threads: when the registered threads outnumber twice the live ones seen
 * at the last sweep, the arrays of threads that ended are added into one table of exited threads and let go (a
 * thread-per-task server keeps a table per running task, not per task ever run). Taper's own threads
 * ({@code taper-*}) get tables that are never reported, and so does Taper's own work on a program thread
 * ({@link #ownWork}).
 */
public final class ThreadCounters {

    private static final int CHUNK_BITS = 10;
    private static final int CHUNK = 1 << CHUNK_BITS;
    /** Room for 4 million class slots. */
    public static final int MAX_SLOTS = 4096 * CHUNK;
    private static final int FRONT = 4096;

    /** One thread's counters. */
    public static final class Table {
        final Thread thread;
        final long id;
        final String name;
        /** One of Taper's own threads: never reported, never an owner. */
        boolean taper;
        /** A thread of the program's thread groups, not of the JDK's system group: it may own slots. */
        boolean mayOwn;
        /** Nesting of Taper's own work on this thread ({@link #ownWork}); its counts go to {@link #shadow} meanwhile. */
        int own;
        Table shadow;
        /**
         * Chunks of per-slot arrays. Only the owner grows them, under the lock, and other threads read them under
         * it: not volatile, so that the JIT may fold a method's repeated lookups (inlined callees) into one.
         */
        long[][][] chunks = new long[1][][];
        /** The thread's calling contexts ({@link ContextCounters}), made at its first entry; only the thread writes. */
        ContextCounters.Tree contexts;

        Table(Thread thread, long id, String name) {
            this.thread = thread;
            this.id = id;
            this.name = name;
        }

        long[] get(int slot) {
            long[][][] c = chunks;
            int i = slot >>> CHUNK_BITS;
            long[][] chunk = i < c.length ? c[i] : null;
            return chunk == null ? null : chunk[slot & (CHUNK - 1)];
        }
    }

    /** What a reader sees of one thread's counters (or of the exited threads', with {@code thread} null). */
    public interface Visitor {
        /**
         * @param threadName the thread's name at registration, or null for the exited threads' sum
         * @param threadId   the thread's id, or -1
         * @param slot       the class slot
         * @param counts     the live array: read it, never write it
         */
        void visit(String threadName, long threadId, int slot, long[] counts);
    }

    /** A class slot's array and the one thread that counts into it without a lookup. */
    static final class Owned {
        @Stable
        final Thread owner;
        /**
         * Not {@code @Stable}: on an array field that makes the elements stable too, and the JIT folds a count it
         * has seen into a constant, so compiled code would store that constant plus its own increments.
         */
        final long[] counts;

        Owned(Thread owner, long[] counts) {
            this.owner = owner;
            this.counts = counts;
        }
    }

    /**
     * Per slot, its owner's array: set once, cleared only when the owner has ended ({@link #release}) or the session
     * has ({@link #reset}). The JIT folds what it has seen set; code that folded an ended owner fails the compare and
     * takes the lookup, which is exact.
     */
    @Stable
    private static final Owned[][] OWNED = new Owned[MAX_SLOTS >>> CHUNK_BITS][];
    /**
     * Nesting of Taper's own work and of registrations, over all threads: while above zero every fetch takes the
     * lookup, which sends own work to unreported tables. Plain: a thread always sees its own increment, and another
     * thread's own work does not concern its counts.
     */
    private static int ownWorkNow;
    private static final Table[] FRONT_TABLE = new Table[FRONT];
    private static final Object LOCK = new Object();
    /** The thread registering now: its re-entries (woven JDK code under the lock) get scratch arrays. */
    private static Thread registering;
    private static final Table SCRATCH = new Table(null, -1, "scratch");
    private static final ArrayList<Table> LIVE = new ArrayList<>();
    /** Taper's own threads: their counts are Taper's work, not the program's. */
    private static final ArrayList<Table> OWN = new ArrayList<>();
    private static final Table EXITED = new Table(null, -1, null);
    private static int liveAtSweep = 32;
    /** The thread group of the thread that enabled the counters (the program's main), or null. */
    private static ThreadGroup mainGroup;
    private static long threadsRegistered;
    private static long threadsExited;
    private static long arrays;
    private static long bytes;
    private static long overflow;
    private static long owned;
    /** Set by the agent before its own first work ({@link #enable}); a test JVM without it skips {@link #ownWork}. */
    private static volatile boolean enabled;
    /**
     * Set last by the class's initialisation, which runs woven JDK code (its lists): until then that code's
     * counts go to throwaway arrays.
     */
    private static final boolean READY = ready();

    private ThreadCounters() {
    }

    /**
     * This thread's counters of a class slot, made at its first call; woven code pushes two ints. The owner's path
     * folds to a compare of the current thread against a constant. Forced inline, and the lookup behind it never
     * inlined: C2 charges every inlined callee's bytecode to the compilation's budget ({@code DesiredMethodLimit},
     * 8,000 bytes), except a forced one's, which counts one byte. Left to the JIT's heuristics, this method, the
     * lookup and its helpers added some 200 bytes to that budget for every woven method inlined: three quarters of
     * all the bytecode the JITs inlined on Xalan under method-count, and the program's own callees were refused for
     * it ({@code size > DesiredMethodLimit} 36 times unwoven, 647 times woven).
     *
     * @param slot the class's slot (the transform's, per class and loader)
     * @param size its number of counters
     */
    @ForceInline
    public static long[] counters(int slot, int size) {
        Owned[][] owned = OWNED;
        int c = slot >>> CHUNK_BITS;
        if (owned != null && c < owned.length) {
            Owned[] chunk = owned[c];
            Owned o = chunk == null ? null : chunk[slot & (CHUNK - 1)];
            if (o != null && o.owner == Thread.currentThread() && ownWorkNow == 0) {
                return o.counts;
            }
        }
        return lookup(slot, size);
    }

    /**
     * {@code counters(slot, size)[counter]++}, the whole of an entry counter: woven code pushes three ints and calls
     * this (about ten bytes, stack depth three), so that a small method stays under the JIT's inlining limits: C1
     * refuses callees that call out and need more than five stack values, and the increment inline needs six (on
     * H2's ci run it refused 4,088 callees for their stack before, 688 after, 754 unwoven). Forced inline, as
     * {@link #counters} is, so that it costs a compilation's inlining budget one byte.
     */
    @ForceInline
    public static void count(int slot, int size, int counter) {
        long[] counts = counters(slot, size);
        long next = counts[counter] + 1;   // through a local: a stack depth of four, not six
        counts[counter] = next;
    }

    /**
     * A thread that does not own the slot (or the owner during Taper's own work): its table's array. Never inlined:
     * the owner's path is the common one, and inlined this lookup would charge its bytecode to the budget of every
     * compilation that inlines a woven method.
     */
    @DontInline
    private static long[] lookup(int slot, int size) {
        Table[] front = FRONT_TABLE;
        if (front == null) {
            return new long[size < 0 ? 0 : size];   // this class initialising on this thread (constant-folded after)
        }
        Thread t = Thread.currentThread();
        Table table = front[frontIndex(t)];
        if (table != null && table.thread == t) {
            long[] c = table.get(slot);
            if (c != null) {
                return c;
            }
        }
        return slow(t, slot, size);
    }

    /**
     * The current thread's table to count into (its shadow during Taper's own work), registered at its first call; null
     * where counts are thrown away (the thread registering now, the class initialising). For {@link ContextCounters}.
     */
    static Table table() {
        Table[] front = FRONT_TABLE;
        if (front == null) {
            return null;
        }
        Thread t = Thread.currentThread();
        Table table = front[frontIndex(t)];
        if (table != null && table.thread == t) {
            return table;
        }
        return slowTable(t);
    }

    @DontInline
    private static Table slowTable(Thread t) {
        if (!READY) {
            return null;
        }
        synchronized (LOCK) {
            if (registering == t) {
                return null;
            }
            Thread before = beginLocked(t);
            try {
                Table table = tableOf(t);
                if (table.own > 0 && table.shadow != null) {
                    table = table.shadow;
                }
                FRONT_TABLE[frontIndex(t)] = table;
                return table;
            } finally {
                endLocked(before);
            }
        }
    }

    private static int frontIndex(Thread t) {
        sun.misc.Unsafe unsafe = ThreadIds.UNSAFE;
        long id = unsafe != null ? unsafe.getLong(t, ThreadIds.OFFSET) : System.identityHashCode(t);
        return (int) id & (FRONT - 1);
    }

    private static boolean ready() {
        return true;
    }

    @DontInline
    private static long[] slow(Thread t, int slot, int size) {
        if (!READY) {
            return new long[size < 0 ? 0 : size];
        }
        synchronized (LOCK) {
            if (registering == t) {
                return scratch(slot, size);
            }
            Thread before = beginLocked(t);
            try {
                Table table = tableOf(t);
                boolean program = table.own == 0 && !table.taper;
                boolean owner = program && table.mayOwn;
                if (!program) {
                    table = table.shadow != null && table.own > 0 ? table.shadow : table;
                }
                FRONT_TABLE[frontIndex(t)] = table;
                long[] c = table.get(slot);
                if (c == null) {
                    c = add(table, slot, size);
                    if (owner) {
                        own(t, slot, c);
                    }
                }
                return c;
            } finally {
                endLocked(before);
            }
        }
    }

    /**
     * Under the lock: this thread does Taper's work here (registering, reading), so the woven JDK code it runs meanwhile
     * gets scratch arrays ({@link #registering}) and, on a program thread, no owner's fast path counts it
     * ({@link #ownWorkNow}). Taper's own threads own nothing, so their reading (the controller's every step, the
     * agent's snapshots) leaves every owner's fast path alone: bumped for them too, it sent every program thread
     * down the lookup for as long as they read. Returns what {@link #endLocked} restores.
     */
    private static Thread beginLocked(Thread t) {
        Thread before = registering;
        registering = t;
        ownWorkNow++;   // first: the name's test runs woven JDK code, which t may own
        if (ProgramThreads.isTapersName(t.getName())) {
            ownWorkNow--;
        }
        return before;
    }

    private static void endLocked(Thread before) {
        if (!ProgramThreads.isTapersName(Thread.currentThread().getName())) {
            ownWorkNow--;
        }
        registering = before;
    }

    /** The thread that owns a slot now, or null: for tests. */
    static Thread ownerOf(int slot) {
        synchronized (LOCK) {
            Owned[] chunk = slot < 0 || slot >= MAX_SLOTS ? null : OWNED[slot >>> CHUNK_BITS];
            Owned o = chunk == null ? null : chunk[slot & (CHUNK - 1)];
            return o == null ? null : o.owner;
        }
    }

    /** Makes the thread the owner of a slot's new array, unless the slot has one; under the lock. */
    private static void own(Thread t, int slot, long[] c) {
        if (slot < 0 || slot >= MAX_SLOTS) {
            return;
        }
        Owned[] chunk = OWNED[slot >>> CHUNK_BITS];
        if (chunk == null) {
            chunk = new Owned[CHUNK];
            OWNED[slot >>> CHUNK_BITS] = chunk;
            bytes += 16 + 4L * CHUNK;
        }
        if (chunk[slot & (CHUNK - 1)] == null) {
            chunk[slot & (CHUNK - 1)] = new Owned(t, c);   // stays until the owner has ended
            owned++;
        }
    }

    /**
     * Taper's own work on a program thread (the agent's class-load callback, premain) starts ({@code true}) or ends:
     * meanwhile the woven JDK code it runs counts into an unreported table, not the thread's. Nests.
     */
    public static void ownWork(boolean enter) {
        if (!enabled) {
            return;
        }
        ThreadFieldCounters.ownWork(enter);
        Thread t = Thread.currentThread();
        synchronized (LOCK) {
            Thread before = beginLocked(t);   // the woven code run here
            try {
                Table real = tableOf(t);
                if (enter) {
                    if (real.shadow == null) {
                        real.shadow = new Table(t, real.id, real.name);
                    }
                    real.own++;
                    if (!real.taper) {
                        ownWorkNow++;   // Taper's threads own nothing (and stay in their own work for good)
                    }
                    FRONT_TABLE[frontIndex(t)] = real.shadow;
                } else if (real.own > 0) {
                    if (!real.taper) {
                        ownWorkNow--;
                    }
                    if (--real.own == 0) {
                        FRONT_TABLE[frontIndex(t)] = real;
                    }
                }
            } finally {
                endLocked(before);
            }
        }
    }

    /**
     * Makes {@link #ownWork} take effect: the agent calls it before it runs anything of its own, on the program's main
     * thread, whose thread group bounds the threads that may own slots.
     */
    public static void enable() {
        synchronized (LOCK) {
            mainGroup = Thread.currentThread().getThreadGroup();
        }
        enabled = true;
    }

    /**
     * Forgets every thread's counters and context trees, the exited threads' sums and every slot's owner, and turns
     * {@link #ownWork} off until {@link #enable} is called again, as at the JVM's start: after a detach the next
     * attach numbers its class slots from zero, and none of its slots may read this session's counts. Threads register
     * again at their next count; own work open now ends on a thread's new table, which has none to end.
     *
     * <p>The owners' chunks are let go, not cleared: the code the JIT compiled with an owner folded in was woven code,
     * which the JVM threw away when the detach restored its class, but a method still running in its woven form keeps
     * the owner it folded and counts into that owner's old array, which nobody reports. Other such methods count into
     * the new tables under their old slots until they return.
     */
    public static void reset() {
        Thread t = Thread.currentThread();
        synchronized (LOCK) {
            int outside = ownWorkNow;
            Thread before = beginLocked(t);   // the woven code run here counts into scratch
            int mine = ownWorkNow - outside;  // what endLocked takes back
            try {
                for (int i = 0; i < OWNED.length; i++) {
                    OWNED[i] = null;
                }
                for (int i = 0; i < FRONT; i++) {
                    FRONT_TABLE[i] = null;
                }
                SCRATCH.chunks = new long[1][][];
                LIVE.clear();
                LIVE.trimToSize();
                OWN.clear();
                OWN.trimToSize();
                EXITED.chunks = new long[1][][];
                EXITED.contexts = null;
                liveAtSweep = 32;
                mainGroup = null;
                threadsRegistered = 0;
                threadsExited = 0;
                arrays = 0;
                bytes = 0;
                overflow = 0;
                owned = 0;
                enabled = false;
                ownWorkNow = mine;
            } finally {
                endLocked(before);
            }
        }
    }

    /**
     * Whether a thread may own slots: one of the main thread's group or below it. The JDK's own threads (reference
     * handler, cleaner, signal dispatcher, the Flight Recorder's) live in the system group; the first to touch a
     * JDK class after the start-up retransformation would otherwise own it, and the program's threads would pay the
     * lookup on the hottest classes for good. Under the lock.
     */
    private static boolean programGroup(Thread t) {
        ThreadGroup main = mainGroup;
        if (main == null) {
            return true;
        }
        ThreadGroup g = t.getThreadGroup();
        return g != null && main.parentOf(g);
    }

    private static long[] scratch(int slot, int size) {
        long[] c = SCRATCH.get(slot);
        if (c == null || c.length < size) {
            c = new long[size < 0 ? 0 : size];
            if (slot >= 0 && slot < MAX_SLOTS) {
                put(SCRATCH, slot, c);
            }
        }
        return c;
    }

    /** The thread's table, found or registered; under the lock. */
    private static Table tableOf(Thread t) {
        for (int i = LIVE.size() - 1; i >= 0; i--) {
            Table x = LIVE.get(i);
            if (x.thread == t) {
                return x;
            }
        }
        for (int i = OWN.size() - 1; i >= 0; i--) {
            Table x = OWN.get(i);
            if (x.thread == t) {
                return x;
            }
        }
        String name = t.getName();
        sun.misc.Unsafe unsafe = ThreadIds.UNSAFE;
        Table table = new Table(t, unsafe != null ? unsafe.getLong(t, ThreadIds.OFFSET) : -1, name);
        if (ProgramThreads.isTapersName(name)) {
            table.taper = true;
            OWN.add(table);   // counted like any thread's, never reported
            return table;
        }
        table.mayOwn = programGroup(t);
        if (LIVE.size() >= 2 * liveAtSweep) {
            sweep();
        }
        LIVE.add(table);
        threadsRegistered++;
        return table;
    }

    private static long[] add(Table table, int slot, int size) {
        long[] c = new long[size < 0 ? 0 : size];
        if (slot < 0 || slot >= MAX_SLOTS) {
            overflow++;
            return c;
        }
        put(table, slot, c);
        arrays++;
        bytes += 16 + 8L * c.length;
        return c;
    }

    private static void put(Table table, int slot, long[] c) {
        int i = slot >>> CHUNK_BITS;
        long[][][] chunks = table.chunks;
        if (i >= chunks.length) {
            long[][][] grown = new long[i + 1 > chunks.length * 2 ? i + 1 : chunks.length * 2][][];
            System.arraycopy(chunks, 0, grown, 0, chunks.length);
            chunks = grown;
        }
        long[][] chunk = chunks[i];
        if (chunk == null) {
            chunk = new long[CHUNK][];
            chunks[i] = chunk;
            bytes += 16 + 4L * CHUNK;
        }
        chunk[slot & (CHUNK - 1)] = c;
        table.chunks = chunks;
    }

    /** Adds the arrays of threads that ended into {@link #EXITED} and lets them go; under the lock. */
    private static void sweep() {
        int kept = 0;
        for (int i = 0; i < LIVE.size(); i++) {
            Table x = LIVE.get(i);
            if (x.thread.isAlive()) {
                LIVE.set(kept++, x);
            } else {
                release(x);
                fold(x);
                int f = frontIndex(x.thread);
                if (FRONT_TABLE[f] == x) {
                    FRONT_TABLE[f] = null;
                }
                threadsExited++;
            }
        }
        while (LIVE.size() > kept) {
            LIVE.remove(LIVE.size() - 1);
        }
        liveAtSweep = kept > 32 ? kept : 32;
    }

    /**
     * Lets go of the slots an ended thread owned, so that the next thread to register one owns it (a thread-per-task
     * server would otherwise leave the first task's thread owning every class). Code the JIT compiled meanwhile keeps
     * the ended owner and takes the lookup, which stays exact. A thread owns only slots it has an array for, so only
     * those are looked at (not every slot, for every thread that ends). Under the lock.
     */
    private static void release(Table x) {
        long[][][] chunks = x.chunks;
        for (int i = 0; i < chunks.length && i < OWNED.length; i++) {
            long[][] arrays = chunks[i];
            Owned[] owners = OWNED[i];
            if (arrays == null || owners == null) {
                continue;
            }
            for (int j = 0; j < CHUNK; j++) {
                Owned o = owners[j];
                if (arrays[j] != null && o != null && o.owner == x.thread) {
                    owners[j] = null;
                    owned--;
                }
            }
        }
    }

    private static void fold(Table x) {
        ContextCounters.Tree tree = x.contexts;
        if (tree != null) {
            if (EXITED.contexts == null) {
                EXITED.contexts = new ContextCounters.Tree();
            }
            EXITED.contexts.absorb(tree);
        }
        long[][][] chunks = x.chunks;
        for (int i = 0; i < chunks.length; i++) {
            long[][] chunk = chunks[i];
            if (chunk == null) {
                continue;
            }
            for (int j = 0; j < CHUNK; j++) {
                long[] c = chunk[j];
                if (c == null) {
                    continue;
                }
                int slot = (i << CHUNK_BITS) | j;
                long[] sum = EXITED.get(slot);
                if (sum == null) {
                    sum = new long[c.length];
                    put(EXITED, slot, sum);
                    bytes += 16 + 8L * c.length;
                } else if (sum.length < c.length) {
                    long[] grown = new long[c.length];
                    System.arraycopy(sum, 0, grown, 0, sum.length);
                    bytes += 8L * (c.length - sum.length);
                    sum = grown;
                    put(EXITED, slot, sum);
                }
                for (int k = 0; k < c.length; k++) {
                    sum[k] += c[k];
                }
                bytes -= 16 + 8L * c.length;
            }
            bytes -= 16 + 4L * CHUNK;
        }
    }

    /**
     * Calls the visitor for every registered thread's arrays and then for the exited threads' sums (thread name
     * null). The lock is held meanwhile: threads registering wait, the counting itself does not.
     */
    public static void visit(Visitor v) {
        synchronized (LOCK) {
            Thread before = beginLocked(Thread.currentThread());   // woven JDK code run meanwhile must not register it
            try {
                for (int i = 0; i < LIVE.size(); i++) {
                    visitTable(LIVE.get(i), v);
                }
                visitTable(EXITED, v);
            } finally {
                endLocked(before);
            }
        }
    }

    private static void visitTable(Table x, Visitor v) {
        long[][][] chunks = x.chunks;
        for (int i = 0; i < chunks.length; i++) {
            long[][] chunk = chunks[i];
            if (chunk == null) {
                continue;
            }
            for (int j = 0; j < CHUNK; j++) {
                long[] c = chunk[j];
                if (c != null) {
                    v.visit(x.name, x.id, (i << CHUNK_BITS) | j, c);
                }
            }
        }
    }

    /** Sums every thread's counters of one slot into a new array of the given size. */
    public static long[] sum(int slot, int size) {
        long[] out = new long[size];
        synchronized (LOCK) {
            Thread before = beginLocked(Thread.currentThread());
            try {
                addAll(slot, out);
            } finally {
                endLocked(before);
            }
        }
        return out;
    }

    /**
     * Sums every thread's counters of one slot, or null if no thread has counted in it: a reader skips a class whose
     * methods never ran without reading its table.
     */
    public static long[] sum(int slot) {
        synchronized (LOCK) {
            Thread before = beginLocked(Thread.currentThread());
            try {
                int size = length(EXITED.get(slot));
                for (int i = 0; i < LIVE.size(); i++) {
                    size = Math.max(size, length(LIVE.get(i).get(slot)));
                }
                if (size < 0) {
                    return null;
                }
                long[] out = new long[size];
                addAll(slot, out);
                return out;
            } finally {
                endLocked(before);
            }
        }
    }

    /** Adds every live thread's and the exited threads' counters of the slot into {@code out}; under the lock. */
    private static void addAll(int slot, long[] out) {
        for (int i = 0; i < LIVE.size(); i++) {
            addInto(out, LIVE.get(i).get(slot));
        }
        addInto(out, EXITED.get(slot));
    }

    private static int length(long[] c) {
        return c == null ? -1 : c.length;
    }

    private static void addInto(long[] out, long[] c) {
        if (c != null) {
            for (int k = 0; k < out.length && k < c.length; k++) {
                out[k] += c[k];
            }
        }
    }

    /** Bytes the counters hold now (arrays and their chunk tables, live and exited, and context trees), an estimate. */
    public static long bytes() {
        synchronized (LOCK) {
            long b = bytes + (EXITED.contexts != null ? EXITED.contexts.bytes : 0);
            for (int i = 0; i < LIVE.size(); i++) {
                ContextCounters.Tree tree = LIVE.get(i).contexts;
                b += tree != null ? tree.bytes : 0;
            }
            return b;
        }
    }

    /** Receives a thread's context tree ({@link #visitTables}). */
    interface TreeVisitor {
        void tree(String threadName, long threadId, ContextCounters.Tree tree);
    }

    /** Calls the visitor for every live thread's context tree, then the exited threads' (name null); under the lock. */
    static void visitTables(TreeVisitor v) {
        synchronized (LOCK) {
            Thread before = beginLocked(Thread.currentThread());
            try {
                for (int i = 0; i < LIVE.size(); i++) {
                    Table x = LIVE.get(i);
                    if (x.contexts != null) {
                        v.tree(x.name, x.id, x.contexts);
                    }
                }
                if (EXITED.contexts != null) {
                    v.tree(null, -1, EXITED.contexts);
                }
            } finally {
                endLocked(before);
            }
        }
    }

    /**
     * Figures for the results: threads registered, exited (folded), live tables, arrays, slots out of range, arrays
     * counted into by their owner without a lookup.
     */
    public static long[] figures() {
        synchronized (LOCK) {
            return new long[] {threadsRegistered, threadsExited, LIVE.size(), arrays, overflow, owned};
        }
    }
}
