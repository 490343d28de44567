package io.taper.analysis.methodtime;

import io.taper.runtime.AgentTime;
import io.taper.runtime.StateBudget;
import io.taper.runtime.state.ThreadGroups;
import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One thread's shadow stack and calling-context tree. Woven code calls {@link #enter} at method entry and
 * keeps the returned token in a synthetic local; {@link #exit} gets it back at every exit, normal or
 * exceptional. The token is the frame's stack depth, so an exit finds its own frame without trusting
 * that every frame above it was exited:
 * <ul>
 * <li>token 0, a frame already gone, or a frame of another method: an <em>unmatched exit</em>, counted and
 *     ignored (the snippets themselves skip the exits of entries that recorded nothing, token 0: a
 *     switched-off site, or an entry that ran in the bypass);</li>
 * <li>frames above the token's (their exits were never observed): <em>discarded</em>, counted; their time
 *     stays in the matched frame's self time, no other row changes.</li>
 * </ul>
 * Only the owning thread calls {@link #enter}/{@link #exit}; {@link #snapshot} may run on any thread.
 *
 * <p>When the context tree is full, {@link #enter} cuts its coldest contexts ({@link ContextTree#cut}) and
 * renumbers the open frames' nodes. The cut runs holding this profile's monitor, and every reader on another
 * thread (snapshots, the state sampler, the controller's totals and scans) holds it too; the calls themselves
 * take no lock.
 */
final class ThreadProfile {

    /** Deeper than this, entries are not recorded (a runaway stack of unexited frames cannot eat the heap). */
    static final int MAX_DEPTH = 1 << 20;

    final String threadName;
    final long threadId;
    /** The thread, weakly; null for the profile of a group of finished threads. */
    private final WeakReference<Thread> thread;
    /** Threads whose profiles this one holds: 1 for a thread's own, the count merged for a group's. */
    private int threads;
    // Replaced by an empty tree when the thread's profile has been merged into its group's (see release()).
    private ContextTree tree;
    /**
     * For a thread that started past the state budget, the profile whose tree it records into with every other such
     * thread, under that profile's monitor, flattened (a node per method, no paths); null for a tree of its own.
     */
    private final ThreadProfile together;

    private int[] frameNodes = new int[32];
    private int[] frameMethods = new int[32];
    private long[] frameStarts = new long[32];
    private long[] frameCallees = new long[32];   // time spent in observed callees of the frame so far
    // The callee this frame called last and its context node: a loop calling one method again and again
    // finds its node here instead of probing the context tree's hash table (a cache miss once the tree is big).
    private int[] frameLastCallee = new int[32];
    private int[] frameLastCalleeNode = new int[32];
    /** Whether the frame re-entered a node already open below it (recursion, folded: see {@link ContextTree}). */
    private boolean[] frameReentry = new boolean[32];
    /** The node the frame's call is counted on: its own node, or the alias of a folded re-entry. */
    private int[] frameCalls = new int[32];
    private int depth;

    /** Kept for diagnosis: the methods of the first unmatched exits of this thread. */
    static final int UNMATCHED_KEPT = 4;

    private long unmatchedExits;
    private final int[] unmatchedMethods = new int[UNMATCHED_KEPT];
    private long discardedFrames;
    private long unknownSites;
    private long tooDeep;
    /** Time of completed calls in flattened contexts, counted where a flattened stretch of the stack begins. */
    private long flattenedNanos;
    /** Cuts of the context tree so far, and the time the cut contexts held (part of {@link #flattenedNanos}). */
    private long cuts;
    private long cutNanos;
    /** The time the agent spent on this thread (weaving classes it loaded), taken out of its open frames. */
    private long agentNanos;
    /** The time this thread spent cutting, taken out of its open frames. */
    private long cutPauseNanos;
    /** Full-tree lookups to wait before trying to cut again, after a cut that freed too little. */
    private int cutWait;

    // Written by the ThreadStateSampler only (a single writer), read racily by snapshots.
    /** Per node, the time its outermost open frame spent with the thread waiting. */
    private long[] waitNodes = new long[0];
    /** Per node, the time the thread waited with the node's frame innermost (self waiting). */
    private long[] waitSelf = new long[0];
    private int[] waitMark = new int[0];
    private int waitEpoch;
    /** All the time the thread was seen waiting, inside observed frames or not. */
    private long waitTotal;

    ThreadProfile(String threadName, long threadId, int maxContexts) {
        this(threadName, threadId, null, 1, maxContexts);
    }

    private ThreadProfile(String threadName, long threadId, Thread thread, int threads, int maxContexts) {
        this.threadName = threadName;
        this.threadId = threadId;
        this.thread = thread == null ? null : new WeakReference<>(thread);
        this.threads = threads;
        this.tree = new ContextTree(maxContexts);
        this.together = null;
    }

    private ThreadProfile(Thread thread, ThreadProfile together) {
        this.threadName = thread.getName();
        this.threadId = thread.getId();
        this.thread = new WeakReference<>(thread);
        this.threads = 1;
        this.tree = together.tree;
        this.together = together;
        frameNodes = new int[8];
        frameMethods = new int[8];
        frameStarts = new long[8];
        frameCallees = new long[8];
        frameLastCallee = new int[8];
        frameLastCalleeNode = new int[8];
        frameReentry = new boolean[8];
        frameCalls = new int[8];
    }

    /**
     * The profile of a thread that starts once the state budget is reached: its own stack, but calls recorded in
     * {@code together}'s tree, per method (see {@link #together}). Bounded by the methods, not by the threads.
     */
    @SuppressWarnings("deprecation")    // Thread.threadId() is Java 19+; getId() is the same number
    static ThreadProfile pastBudget(Thread t, ThreadProfile together) {
        synchronized (together) {
            together.threads++;
        }
        return new ThreadProfile(t, together);
    }

    /** A finished thread that shared a tree: its frames still open go as discarded ones (their exits never came). */
    void leaveShared() {
        synchronized (together) {
            together.discardedFrames += depth;
        }
        depth = 0;
    }

    /** The profile of a running thread. */
    @SuppressWarnings("deprecation")    // Thread.threadId() is Java 19+; getId() is the same number
    static ThreadProfile of(Thread t, int maxContexts) {
        return new ThreadProfile(t.getName(), t.getId(), t, 1, maxContexts);
    }

    /** An empty profile for the finished threads of a group, which {@link #absorb} fills. */
    static ThreadProfile group(String groupName, int maxContexts) {
        return new ThreadProfile(groupName, -1, null, 0, maxContexts);
    }

    /** The profile's thread, or null (a group's, or a thread collected since). */
    Thread thread() {
        return thread == null ? null : thread.get();
    }

    /**
     * The thread was seen waiting for {@code nanos} (sampler thread only): each open context gets them once, the
     * innermost frame as its own.
     */
    synchronized void waited(long nanos) {
        waitTotal += nanos;
        int d = Math.min(depth, frameNodes.length);
        int[] fn = frameNodes;
        if (d <= 0) {
            return;
        }
        int size = tree.size();
        if (waitNodes.length < size) {
            int n = Math.max(size, waitNodes.length * 2);
            waitNodes = Arrays.copyOf(waitNodes, n);
            waitSelf = Arrays.copyOf(waitSelf, n);
            waitMark = Arrays.copyOf(waitMark, n);
        }
        int epoch = ++waitEpoch;
        int top = -1;
        for (int i = 0; i < d; i++) {
            int node = fn[i];
            if (node >= 0 && node < waitNodes.length) {
                top = node;
                if (waitMark[node] != epoch) {
                    waitMark[node] = epoch;
                    waitNodes[node] += nanos;
                }
            }
        }
        if (top >= 0) {
            waitSelf[top] += nanos;
        }
    }

    /** True for the profile of a group of finished threads. */
    boolean isGroup() {
        return thread == null && threadId < 0;
    }

    /** True once the profile's thread has ended (it can enter no more calls); false for a group. */
    boolean finished() {
        return thread != null && ThreadGroups.finished(thread);
    }

    /** Threads this profile holds (1, or a group's members). */
    int threads() {
        return threads;
    }

    /**
     * Adds a finished thread's profile to this group's: its contexts by call path, its counters, and its
     * frames still open when it ended, as the discarded frames they are (their exits were never observed).
     * Only the one thread that folds finished profiles calls it.
     */
    void absorb(ThreadProfile dead) {
        int[] mapped = tree.addAll(dead.tree);
        long[] dn = dead.waitNodes;
        long[] ds = dead.waitSelf;
        int size = tree.size();
        if (waitNodes.length < size) {
            waitNodes = Arrays.copyOf(waitNodes, size);
            waitSelf = Arrays.copyOf(waitSelf, size);
            waitMark = Arrays.copyOf(waitMark, size);
        }
        for (int node = 0; node < Math.min(mapped.length, dn.length); node++) {
            int to = mapped[node];
            if (to >= 0 && to < waitNodes.length) {
                waitNodes[to] += dn[node];
                waitSelf[to] += ds[node];
            }
        }
        waitTotal += dead.waitTotal;
        flattenedNanos += dead.flattenedNanos;
        cuts += dead.cuts;
        cutNanos += dead.cutNanos;
        cutPauseNanos += dead.cutPauseNanos;
        agentNanos += dead.agentNanos;
        threads += dead.threads;
        int copied = 0;
        for (int i = 0; i < Math.min(dead.unmatchedExits, UNMATCHED_KEPT) && unmatchedExits < UNMATCHED_KEPT; i++) {
            unmatchedMethods[(int) unmatchedExits++] = dead.unmatchedMethods[i];
            copied++;
        }
        unmatchedExits += dead.unmatchedExits - copied;
        discardedFrames += dead.discardedFrames + dead.depth;
        unknownSites += dead.unknownSites;
        tooDeep += dead.tooDeep;
    }

    /** Drops a folded profile's arrays (a reader still holding it sees an empty thread). */
    void release() {
        tree = new ContextTree(2);
        depth = 0;
        frameNodes = new int[1];
        frameMethods = new int[1];
        frameStarts = new long[1];
        frameCallees = new long[1];
        frameLastCallee = new int[1];
        frameLastCalleeNode = new int[1];
        frameReentry = new boolean[1];
        frameCalls = new int[1];
        waitNodes = new long[0];
        waitSelf = new long[0];
        waitMark = new int[0];
    }

    /** The bytes this profile's arrays hold: its context tree (unless shared, counted with its owner) and its stack. */
    long bytes() {
        long own = together != null ? 0 : tree.bytes();
        return own + 4L * (frameNodes.length + frameMethods.length + frameLastCallee.length
            + frameLastCalleeNode.length + frameCalls.length) + 8L * (frameStarts.length + frameCallees.length)
            + frameReentry.length + 20L * waitNodes.length + 128;
    }

    /**
     * A call of {@code method} (a slot of {@link MethodIds}; negative if the site is unknown) starting at
     * {@code now} nanoseconds.
     *
     * @return the token for {@link #exit}: the new depth, or 0 if the entry was not recorded
     */
    int enter(int method, long now) {
        if (together != null) {
            return enterShared(method, now);
        }
        if (method < 0) {
            unknownSites++;
            return 0;
        }
        int d = depth;
        if (d == frameNodes.length) {
            if (d >= MAX_DEPTH || StateBudget.heapGone()) {
                tooDeep++;
                return 0;
            }
            growStack();
        }
        int node;
        if (d > 0 && frameLastCallee[d - 1] == method) {
            node = frameLastCalleeNode[d - 1];
        } else {
            if (tree.full() && --cutWait < 0) {
                now += cutColdest(d);
            }
            node = tree.child(d == 0 ? ContextTree.ROOT : frameNodes[d - 1], method);
            if (d > 0) {
                frameLastCallee[d - 1] = method;
                frameLastCalleeNode[d - 1] = node;
            }
        }
        int target = tree.target(node);
        return push(d, node, target, tree.opened(target), method, now);
    }

    /** Opens frame {@code d}: the call counted on {@code node}, run on {@code target}. Returns the frame's token. */
    private int push(int d, int node, int target, boolean reentry, int method, long now) {
        frameCalls[d] = node;
        frameNodes[d] = target;
        frameReentry[d] = reentry;
        frameLastCallee[d] = -1;
        frameMethods[d] = method;
        frameStarts[d] = now;
        frameCallees[d] = 0;
        depth = d + 1;
        return d + 1;
    }

    /**
     * {@link #enter} for a thread past the state budget: the call's node is its method's flattened one in the shared
     * tree, and whether it re-enters a method already running is this thread's own stack's to say.
     */
    private int enterShared(int method, long now) {
        ThreadProfile g = together;
        int d = depth;
        if (method < 0 || (d == frameNodes.length && (d >= MAX_DEPTH || StateBudget.heapGone()))) {
            synchronized (g) {
                if (method < 0) {
                    g.unknownSites++;
                } else {
                    g.tooDeep++;
                }
            }
            return 0;
        }
        if (d == frameNodes.length) {
            growStack();
        }
        int nesting = 1;
        int[] fm = frameMethods;
        for (int k = 0; k < d; k++) {
            if (fm[k] == method) {
                nesting++;
            }
        }
        int node;
        synchronized (g) {
            node = tree.child(ContextTree.TRUNCATED, method);
            tree.nested(node, nesting);
        }
        return push(d, node, node, nesting > 1, method, now);
    }

    /** {@link #exit} for a thread past the state budget ({@link #enterShared}). */
    private void exitShared(int method, int token, long now) {
        ThreadProfile g = together;
        int d = depth;
        if (token <= 0 || token > d || frameMethods[token - 1] != method) {
            synchronized (g) {
                if (method < 0) {
                    g.unknownSites++;
                } else {
                    if (g.unmatchedExits < UNMATCHED_KEPT) {
                        g.unmatchedMethods[(int) g.unmatchedExits] = method;
                    }
                    g.unmatchedExits++;
                }
            }
            return;
        }
        int i = token - 1;
        long nanos = Math.max(0, now - frameStarts[i]);
        long self = Math.max(0, nanos - frameCallees[i]);
        synchronized (g) {
            g.discardedFrames += d - token;
            if (frameReentry[i]) {
                tree.recordReentry(frameCalls[i], self);
            } else {
                tree.record(frameNodes[i], nanos, self);
                if (i == 0) {
                    g.flattenedNanos += nanos;   // every path of these threads is flattened
                }
            }
        }
        if (i > 0) {
            frameCallees[i - 1] += nanos;
        }
        depth = i;
    }

    /** Full-tree lookups between two tries to cut after one that freed too little: at least this many. */
    static final int CUT_RETRY_AFTER = 1024;

    /**
     * Cuts the tree's coldest contexts, the {@code d} open frames' kept, and renumbers the frames' nodes and the
     * waiting times. The cut's own time is taken out of the open frames, as the weaving server's is.
     *
     * @return the nanoseconds the cut took
     */
    private long cutColdest(int d) {
        long start = timeCuts ? System.nanoTime() : 0;
        synchronized (this) {
            int n = tree.size();
            boolean[] pinned = new boolean[n];
            for (int i = 0; i < d; i++) {
                pinned[frameNodes[i]] = true;
                pinned[frameCalls[i]] = true;
            }
            int[] moved = tree.cut(pinned);
            if (moved == null) {
                cutWait = Math.max(CUT_RETRY_AFTER, tree.size() / 4);
                return 0;
            }
            cutWait = 0;
            for (int i = 0; i < d; i++) {
                frameNodes[i] = moved[frameNodes[i]];
                frameCalls[i] = moved[frameCalls[i]];
                int last = frameLastCalleeNode[i];
                if (frameLastCallee[i] >= 0 && (last >= n || moved[last] < 0)) {
                    frameLastCallee[i] = -1;
                } else if (frameLastCallee[i] >= 0) {
                    frameLastCalleeNode[i] = moved[last];
                }
            }
            long[] nodes = new long[waitNodes.length];
            long[] self = new long[waitSelf.length];
            for (int node = 0; node < Math.min(n, nodes.length); node++) {
                int to = moved[node] >= 0 ? moved[node] : ~moved[node];
                if (to < nodes.length) {
                    nodes[to] += waitNodes[node];
                    self[to] += waitSelf[node];
                }
            }
            waitNodes = nodes;
            waitSelf = self;
            waitMark = new int[waitMark.length];
            cuts++;
            cutNanos += tree.lastCutNanos;
            flattenedNanos += tree.lastCutNanos;
        }
        long took = timeCuts ? System.nanoTime() - start : 0;
        cutPauseNanos += took;
        for (int i = 0; i < d; i++) {
            frameStarts[i] += took;
        }
        return took;
    }

    /** False in tests whose timestamps are made by hand: a cut then takes no time out of the frames. */
    static boolean timeCuts = true;

    /** The exit of a call of {@code method} at {@code now}, with the token its entry returned. */
    void exit(int method, int token, long now) {
        if (together != null) {
            exitShared(method, token, now);
            return;
        }
        int d = depth;
        if (token <= 0 || token > d || frameMethods[token - 1] != method) {
            if (method < 0) {
                unknownSites++;
            } else {
                if (unmatchedExits < UNMATCHED_KEPT) {
                    unmatchedMethods[(int) unmatchedExits] = method;
                }
                unmatchedExits++;
            }
            return;
        }
        if (token < d) {
            discardedFrames += d - token;
            for (int k = token; k < d; k++) {
                tree.closed(frameNodes[k]);
            }
        }
        int i = token - 1;
        long nanos = Math.max(0, now - frameStarts[i]);
        long self = Math.max(0, nanos - frameCallees[i]);
        tree.closed(frameNodes[i]);
        if (frameReentry[i]) {
            tree.recordReentry(frameCalls[i], self);
        } else {
            tree.record(frameNodes[i], nanos, self);
            // a flattened call made from a context that was not: its time is what the flattening hides
            if (tree.parent(frameNodes[i]) == ContextTree.TRUNCATED
                    && (i == 0 || tree.parent(frameNodes[i - 1]) != ContextTree.TRUNCATED)) {
                flattenedNanos += nanos;
            }
        }
        if (i > 0) {
            frameCallees[i - 1] += nanos;
        }
        depth = i;
    }

    /**
     * The agent spent {@code nanos} on this thread, weaving a class it loads ({@link AgentTime}; owning thread):
     * Taper's time, not the program's, so every open call starts that much later.
     */
    void agentSpent(long nanos) {
        int d = Math.min(depth, frameStarts.length);
        for (int k = 0; k < d; k++) {
            frameStarts[k] += nanos;
        }
        agentNanos += nanos;
    }

    /** Adds this thread's per-method calls and nanoseconds of completed calls (see {@link ContextTree#addMethodTotals}). */
    synchronized void addMethodTotals(long[] calls, long[] nanos) {
        tree.addMethodTotals(calls, nanos);
    }

    /** Current stack depth (owning thread; others see a recent value). */
    int depth() {
        return depth;
    }

    /** The live context tree (for {@link BaselineScan}, which reads it without a copy, holding this profile's monitor). */
    ContextTree liveTree() {
        return tree;
    }

    /** Per open frame's node, the time its outermost open frame has run so far at {@code now}. Read without a lock, like {@link #snapshot}. */
    Map<Integer, Long> openTimes(long now) {
        int d = depth;
        int[] fn = frameNodes;
        long[] fs = frameStarts;
        d = Math.max(0, Math.min(d, Math.min(fn.length, fs.length)));
        Map<Integer, Long> times = new HashMap<>();
        for (int i = 0; i < d; i++) {
            if (!times.containsKey(fn[i])) {     // a node's outermost open frame holds its re-entries' time
                times.put(fn[i], Math.max(0, now - fs[i]));
            }
        }
        return times;
    }

    /**
     * Everything recorded so far plus the frames still open at {@code now}. Safe from any thread: a
     * concurrent update is either in the copy or not, and an inconsistent open frame is skipped.
     */
    synchronized Snapshot snapshot(long now) {
        ContextTree.Copy nodes = tree.copy();
        int d = depth;
        int[] fn = frameNodes;
        long[] fs = frameStarts;
        long[] fc = frameCallees;
        d = Math.max(0, Math.min(d, Math.min(fn.length, Math.min(fs.length, fc.length))));
        int[] openNodes = Arrays.copyOf(fn, d);
        long[] openStarts = Arrays.copyOf(fs, d);
        long[] openCallees = Arrays.copyOf(fc, d);
        long unmatched = unmatchedExits;
        int[] kept = Arrays.copyOf(unmatchedMethods, (int) Math.min(unmatched, UNMATCHED_KEPT));
        Snapshot snap = new Snapshot(threadName, threadId, threads, nodes, openNodes, openStarts, openCallees, now,
                unmatched, kept, discardedFrames, unknownSites, tooDeep);
        snap.waitNodes = waitNodes.clone();
        snap.waitSelf = waitSelf.clone();
        snap.waitTotal = waitTotal;
        snap.flattenedNanos = flattenedNanos;
        snap.cuts = cuts;
        snap.cutNanos = cutNanos;
        snap.cutPauseNanos = cutPauseNanos;
        snap.agentNanos = agentNanos;
        return snap;
    }

    /**
     * A thread's profile at one instant: its context tree and its open frames (outermost first).
     */
    static final class Snapshot {
        final String threadName;
        final long threadId;
        /** Threads in this profile: 1, or a group's members. */
        final int threads;
        final ContextTree.Copy nodes;
        final int[] openNodes;
        final long[] openStarts;
        final long[] openCallees;
        final long now;
        final long unmatchedExits;
        final int[] unmatchedMethods;
        final long discardedFrames;
        final long unknownSites;
        final long tooDeep;
        /** Per node, waiting time of its outermost open frame, and self waiting time (see {@link #waited}). */
        long[] waitNodes = new long[0];
        long[] waitSelf = new long[0];
        long waitTotal;
        long flattenedNanos;
        /** Cuts of the thread's tree, and the time the cut contexts held (part of {@link #flattenedNanos}). */
        long cuts;
        long cutNanos;
        long cutPauseNanos;
        /** The time the agent spent on the thread, weaving the classes it loaded (taken out of its calls). */
        long agentNanos;

        Snapshot(String threadName, long threadId, int threads, ContextTree.Copy nodes, int[] openNodes,
                 long[] openStarts, long[] openCallees, long now, long unmatchedExits, int[] unmatchedMethods,
                 long discardedFrames, long unknownSites, long tooDeep) {
            this.threadName = threadName;
            this.threadId = threadId;
            this.threads = threads;
            this.nodes = nodes;
            this.openNodes = openNodes;
            this.openStarts = openStarts;
            this.openCallees = openCallees;
            this.now = now;
            this.unmatchedExits = unmatchedExits;
            this.unmatchedMethods = unmatchedMethods;
            this.discardedFrames = discardedFrames;
            this.unknownSites = unknownSites;
            this.tooDeep = tooDeep;
        }
    }

    private void growStack() {
        int n = Math.min(frameNodes.length * 2, MAX_DEPTH);
        frameNodes = Arrays.copyOf(frameNodes, n);
        frameMethods = Arrays.copyOf(frameMethods, n);
        frameStarts = Arrays.copyOf(frameStarts, n);
        frameCallees = Arrays.copyOf(frameCallees, n);
        frameLastCallee = Arrays.copyOf(frameLastCallee, n);
        frameLastCalleeNode = Arrays.copyOf(frameLastCalleeNode, n);
        frameReentry = Arrays.copyOf(frameReentry, n);
        frameCalls = Arrays.copyOf(frameCalls, n);
    }
}
