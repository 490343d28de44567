package io.taper.analysis.methodtime;

import io.taper.runtime.StateBudget;
import java.util.Arrays;

/**
 * One thread's calling-context tree: a node per distinct call path, with the statistics of the calls
 * made in that context. Only the owning thread writes it, so updates are plain array writes; other
 * threads read it for snapshots (see {@link #size()} for what they may rely on), holding the monitor of
 * the {@link ThreadProfile} that owns the tree, which its owner holds while it {@link #cut}s (renumbers) it.
 *
 * <p>Recursion folds: calling a method that is already on the path (directly or through others) continues at its
 * first activation's node, as profilers' "merge recursion" views show it, so an interpreter's deep recursion makes as
 * many contexts as it has distinct non-recursive paths, not one per stack depth. The call itself is counted on an
 * <em>alias</em> node (parent: the calling context, {@link #target}: the first activation's node), which keeps the
 * caller edge exact; the re-entry's self time goes to the target, its inclusive time nowhere (the outermost
 * activation's holds it), and the target keeps the deepest nesting of itself seen ({@link #MAX_RECURSION}).
 *
 * <p>Node 0 is the thread's root and node 1 the parent of flattened contexts, (flattened, method). A tree is
 * <em>full</em> at {@code capacity} nodes, or once the run's state budget is reached ({@link StateBudget}) and its
 * arrays hold no free node (it allocates no more). Its owner then {@link #cut}s it: the coldest contexts (least
 * inclusive time) move into the flattened ones, so a long run keeps the contexts that hold its time. While it is
 * full (a cut freed too little: most contexts are on the stack), new call paths are flattened. Either way the
 * per-method statistics stay exact while memory stays bounded.
 */
final class ContextTree {

    static final int ROOT = 0;
    static final int TRUNCATED = 1;

    /** Statistics per node, in this order, {@link #STRIDE} longs apart. */
    static final int CALLS = 0;
    static final int NANOS = 1;
    static final int SELF_NANOS = 2;
    static final int MIN_NANOS = 3;
    static final int MAX_NANOS = 4;
    /** The most activations of the node open at once (1: never re-entered while running). */
    static final int MAX_RECURSION = 5;
    static final int STRIDE = 6;

    private final int capacity;
    private int[] parents = new int[64];
    private int[] methods = new int[64];
    private long[] stats = new long[64 * STRIDE];
    /** Activations of each node open now (owning thread only). */
    private int[] open = new int[64];
    /** Per node, the node its calls run in: itself, or for an alias the first activation's node. */
    private int[] targets = new int[64];
    // Written after the node's arrays: a reader that sees size n sees nodes 0 .. n-1 (and arrays that hold them).
    private volatile int size;

    // child lookup: open addressing over (parent << 32 | method) + 1; 0 marks a free cell
    private long[] keys = new long[128];
    private int[] values = new int[128];
    private int entries;

    ContextTree(int capacity) {
        this.capacity = Math.max(capacity, 2);
        add(-1, -1);    // ROOT
        add(-1, -1);    // TRUNCATED
    }

    /** The node for calling {@code method} from {@code parent}, created on first sight. */
    int child(int parent, int method) {
        long key = key(parent, method);
        long[] k = keys;
        int mask = k.length - 1;
        for (int i = spread(key) & mask; ; i = (i + 1) & mask) {
            long c = k[i];
            if (c == key) {
                return values[i];
            }
            if (c == 0) {
                break;
            }
        }
        int ancestor = activationOf(parent, method);
        if (full() && parent != TRUNCATED) {
            return ancestor > TRUNCATED ? ancestor : child(TRUNCATED, method);
        }
        if (StateBudget.heapGone()) {
            return ancestor > TRUNCATED ? ancestor : TRUNCATED;   // no allocation at all
        }
        int node = add(parent, method);
        if (ancestor > TRUNCATED) {
            targets[node] = ancestor;
        }
        put(key, node);
        return node;
    }

    /** No new node fits: at capacity, or the state budget reached and the arrays full (see the class comment). */
    boolean full() {
        int n = size;
        return n >= capacity || (StateBudget.reached() && n >= parents.length);
    }

    /** The share of the nodes a cut must free to be worth it; below it the tree stays full (see {@link #cut}). */
    static final int MIN_FREED_SHARE = 8;

    /**
     * Cuts the coldest half of the contexts (owner thread, with every reader of the tree kept out: see
     * {@link ThreadProfile}). Candidates are the contexts that are neither {@code pinned} (the open frames'
     * nodes), flattened ones, nor recursion aliases; those with at most the median inclusive time are cut,
     * unless a kept context lies below them. An alias goes with its parent. A cut context's statistics are
     * added to the flattened context of its method, so per-method figures do not change, and
     * {@link #lastCutNanos} is the inclusive time of the cut subtrees (each counted once, at its root). Nodes
     * keep their order, renumbered; the child table is rebuilt.
     *
     * @return per old node, its new number if kept, or {@code ~f} with {@code f} the flattened node it went
     *     to; null if the cut would free fewer than 1/{@link #MIN_FREED_SHARE} of the nodes (nothing done)
     */
    int[] cut(boolean[] pinned) {
        int n = size;
        int[] par = parents;
        int[] meth = methods;
        int[] tg = targets;
        long[] s = stats;
        boolean[] keep = new boolean[n];
        keep[ROOT] = true;
        if (n > TRUNCATED) {
            keep[TRUNCATED] = true;
        }
        long[] times = new long[n];
        int candidates = 0;
        for (int node = TRUNCATED + 1; node < n; node++) {
            if (par[node] == TRUNCATED || (node < pinned.length && pinned[node])) {
                keep[node] = true;
            } else if (tg[node] == node) {
                times[candidates++] = s[node * STRIDE + NANOS];
            }
        }
        if (candidates > 0) {
            Arrays.sort(times, 0, candidates);
            long median = times[candidates / 2];
            for (int node = TRUNCATED + 1; node < n; node++) {
                if (!keep[node] && tg[node] == node && s[node * STRIDE + NANOS] > median) {
                    keep[node] = true;
                }
            }
        }
        for (int node = n - 1; node > TRUNCATED; node--) {
            if (keep[node]) {
                keep[par[node]] = true;
            }
        }
        // per method (ids are small and dense), its flattened context: an ordinal among the flattened nodes
        int maxMethod = 0;
        for (int node = TRUNCATED + 1; node < n; node++) {
            maxMethod = Math.max(maxMethod, meth[node]);
        }
        int[] flatOrdinal = new int[maxMethod + 1];
        Arrays.fill(flatOrdinal, -1);
        int flats = 0;
        int kept = 0;
        for (int node = 0; node < n; node++) {
            if (node > TRUNCATED && !keep[node] && tg[node] != node) {
                keep[node] = keep[par[node]];      // an alias has no children: its parent decides
            }
            if (keep[node]) {
                kept++;
                if (node > TRUNCATED && par[node] == TRUNCATED) {
                    flatOrdinal[meth[node]] = flats++;
                }
            }
        }
        int existingFlats = flats;
        for (int node = TRUNCATED + 1; node < n; node++) {
            if (!keep[node] && flatOrdinal[meth[node]] < 0) {
                flatOrdinal[meth[node]] = flats++;  // a cut context whose method has no flattened context yet
            }
        }
        int newFlats = flats - existingFlats;
        if (n - kept - newFlats < Math.max(1, n / MIN_FREED_SHARE)) {
            return null;
        }

        int[] moved = new int[n];
        int[] flatNode = new int[flats];
        int[] flatMethod = new int[flats];
        int next = 0;
        for (int node = 0; node < n; node++) {
            if (keep[node]) {
                moved[node] = next++;
                if (node > TRUNCATED && par[node] == TRUNCATED) {
                    flatNode[flatOrdinal[meth[node]]] = moved[node];
                }
            }
        }
        for (int f = existingFlats; f < flats; f++) {
            flatNode[f] = kept + f - existingFlats;
        }
        // the cut nodes' figures, per flattened node they go to, gathered before the kept nodes move over them
        long[] added = new long[flats * STRIDE];
        for (int f = 0; f < flats; f++) {
            added[f * STRIDE + MIN_NANOS] = Long.MAX_VALUE;
        }
        long cutNanos = 0;
        boolean[] belowFlattened = new boolean[n];     // the time of these is flattened time already
        for (int node = TRUNCATED + 1; node < n; node++) {
            belowFlattened[node] = par[node] == TRUNCATED || belowFlattened[par[node]];
            if (keep[node]) {
                continue;
            }
            int f = flatOrdinal[meth[node]];
            flatMethod[f] = meth[node];
            moved[node] = ~flatNode[f];
            combine(added, f, s, node);
            if (tg[node] == node && keep[par[node]] && !belowFlattened[node]) {
                cutNanos += s[node * STRIDE + NANOS];
            }
        }
        // kept nodes move down in order (a node's new number is never above its old one)
        int[] op = open;
        for (int node = 0; node < n; node++) {
            if (!keep[node]) {
                continue;
            }
            int to = moved[node];
            par[to] = par[node] < 0 ? par[node] : moved[par[node]];
            meth[to] = meth[node];
            tg[to] = moved[tg[node]];
            op[to] = op[node];
            if (to != node) {
                System.arraycopy(s, node * STRIDE, s, to * STRIDE, STRIDE);
            }
        }
        Arrays.fill(s, kept * STRIDE, n * STRIDE, 0);
        Arrays.fill(op, kept, n, 0);
        for (int f = existingFlats; f < flats; f++) {
            int node = flatNode[f];
            par[node] = TRUNCATED;
            meth[node] = flatMethod[f];
            tg[node] = node;
            s[node * STRIDE + MIN_NANOS] = Long.MAX_VALUE;
        }
        for (int f = 0; f < flats; f++) {
            combine(s, flatNode[f], added, f);
        }
        Arrays.fill(keys, 0);
        entries = 0;
        next = kept + newFlats;
        for (int node = TRUNCATED + 1; node < next; node++) {
            insert(key(par[node], meth[node]), node);
            entries++;
        }
        lastCutNanos = cutNanos;
        size = next;
        return moved;
    }

    /** Adds the statistics of node {@code f} of {@code from} to node {@code t} of {@code to}: sums, min and max. */
    private static void combine(long[] to, int t, long[] from, int f) {
        int b = t * STRIDE;
        int a = f * STRIDE;
        to[b + CALLS] += from[a + CALLS];
        to[b + NANOS] += from[a + NANOS];
        to[b + SELF_NANOS] += from[a + SELF_NANOS];
        to[b + MIN_NANOS] = Math.min(to[b + MIN_NANOS], from[a + MIN_NANOS]);
        to[b + MAX_NANOS] = Math.max(to[b + MAX_NANOS], from[a + MAX_NANOS]);
        to[b + MAX_RECURSION] = Math.max(to[b + MAX_RECURSION], from[a + MAX_RECURSION]);
    }

    /** The inclusive time of the subtrees the last {@link #cut} moved into flattened contexts. */
    long lastCutNanos;

    /** The node of {@code method} on the path from the root to {@code node} (that node included), or -1. */
    private int activationOf(int node, int method) {
        for (int n = targets[node]; n > TRUNCATED; n = parents[n]) {
            if (methods[n] == method) {
                return n;
            }
        }
        return -1;
    }

    /** The node a call found by {@link #child} runs in: itself, or an alias's first activation. */
    int target(int node) {
        return targets[node];
    }

    /**
     * An activation of {@code node} starts (owning thread).
     *
     * @return true if it re-enters a node already running on this thread's stack (a folded recursive call)
     */
    boolean opened(int node) {
        int o = ++open[node];
        int b = node * STRIDE + MAX_RECURSION;
        if (o > stats[b]) {
            stats[b] = o;
        }
        return o > 1;
    }

    /** {@code node} runs {@code nesting} times at once on some thread (the shared tree's {@link #opened}). */
    void nested(int node, int nesting) {
        int b = node * STRIDE + MAX_RECURSION;
        if (nesting > stats[b]) {
            stats[b] = nesting;
        }
    }

    /** An activation of {@code node} ends, or is discarded (owning thread). */
    void closed(int node) {
        if (open[node] > 0) {
            open[node]--;
        }
    }

    /** Records a completed re-entry: its call on the {@code alias}, its self time on the alias's target. */
    void recordReentry(int alias, long selfNanos) {
        long[] s = stats;
        s[alias * STRIDE + CALLS]++;
        s[targets[alias] * STRIDE + SELF_NANOS] += selfNanos;
    }

    /** Records one completed call of {@code node} lasting {@code nanos}, {@code selfNanos} of them outside callees. */
    void record(int node, long nanos, long selfNanos) {
        long[] s = stats;
        int b = node * STRIDE;
        s[b + CALLS]++;
        s[b + NANOS] += nanos;
        s[b + SELF_NANOS] += selfNanos;
        if (nanos < s[b + MIN_NANOS]) {
            s[b + MIN_NANOS] = nanos;
        }
        if (nanos > s[b + MAX_NANOS]) {
            s[b + MAX_NANOS] = nanos;
        }
    }

    /** Number of nodes, the two fixed ones included; nodes are {@code 0 .. size()-1}, a parent before its children. */
    int size() {
        return size;
    }

    int parent(int node) {
        return parents[node];
    }

    int method(int node) {
        return methods[node];
    }

    long stat(int node, int which) {
        return stats[node * STRIDE + which];
    }

    /**
     * A copy of the nodes {@code 0 .. n-1} for another thread: parents, methods and statistics arrays of at
     * least {@code n} nodes. Statistics of calls completing meanwhile may or may not be included.
     */
    Copy copy() {
        int n = size;                       // volatile read first: the arrays below hold at least n nodes
        int[] p = parents;
        int[] m = methods;
        long[] s = stats;
        n = Math.min(n, Math.min(Math.min(p.length, m.length), s.length / STRIDE));
        return new Copy(n, Arrays.copyOf(p, n), Arrays.copyOf(m, n), Arrays.copyOf(s, n * STRIDE));
    }

    /**
     * Adds every node's calls and total nanoseconds to the per-method arrays (indexed by method slot;
     * slots beyond their length are skipped). Reads the live arrays without copying: for the controller.
     */
    void addMethodTotals(long[] calls, long[] nanos) {
        int n = size;
        int[] m = methods;
        long[] s = stats;
        n = Math.min(n, Math.min(m.length, s.length / STRIDE));
        for (int node = TRUNCATED + 1; node < n; node++) {
            int method = m[node];
            if (method >= 0 && method < calls.length) {
                calls[method] += s[node * STRIDE + CALLS];
                nanos[method] += s[node * STRIDE + NANOS];
            }
        }
    }

    /**
     * Adds every context of {@code other} (a finished thread's tree, which nobody writes any more) to this
     * one by call path, with its statistics: calls and times summed, min and max combined. Paths this tree
     * already has get the other's figures added; new paths become new nodes (or flattened ones, past the
     * capacity or the state budget: per-method figures stay exact either way). Only this tree's writer may
     * call it. Returns, per node of {@code other}, the node it went to.
     */
    int[] addAll(ContextTree other) {
        int n = other.size;
        int[] op = other.parents;
        int[] om = other.methods;
        long[] os = other.stats;
        int[] mapped = new int[n];
        mapped[ROOT] = ROOT;
        if (n > TRUNCATED) {
            mapped[TRUNCATED] = TRUNCATED;
        }
        for (int node = TRUNCATED + 1; node < n; node++) {
            int to = child(mapped[op[node]], om[node]);
            mapped[node] = to;
            combine(stats, to, os, node);
        }
        return mapped;
    }

    /** The bytes this tree's arrays hold (array headers left out). */
    long bytes() {
        return 4L * parents.length + 4L * methods.length + 8L * stats.length + 8L * keys.length + 4L * values.length
            + 4L * open.length + 4L * targets.length;
    }

    /** A snapshot of a tree's nodes (see {@link #copy()}); a class, not a record (see {@link MethodKey}). */
    static final class Copy {
        private final int size;
        private final int[] parents;
        private final int[] methods;
        private final long[] stats;

        Copy(int size, int[] parents, int[] methods, long[] stats) {
            this.size = size;
            this.parents = parents;
            this.methods = methods;
            this.stats = stats;
        }

        int size() {
            return size;
        }

        int parent(int node) {
            return parents[node];
        }

        int method(int node) {
            return methods[node];
        }

        long stat(int node, int which) {
            return stats[node * STRIDE + which];
        }
    }

    private int add(int parent, int method) {
        int node = size;
        if (node == parents.length) {
            int n = node * 2;
            parents = Arrays.copyOf(parents, n);
            methods = Arrays.copyOf(methods, n);
            stats = Arrays.copyOf(stats, n * STRIDE);
            open = Arrays.copyOf(open, n);
            targets = Arrays.copyOf(targets, n);
        }
        parents[node] = parent;
        methods[node] = method;
        targets[node] = node;
        stats[node * STRIDE + MIN_NANOS] = Long.MAX_VALUE;
        size = node + 1;
        return node;
    }

    private void put(long key, int value) {
        if ((entries + 1) * 2 > keys.length) {
            long[] oldKeys = keys;
            int[] oldValues = values;
            keys = new long[oldKeys.length * 2];
            values = new int[oldKeys.length * 2];
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != 0) {
                    insert(oldKeys[i], oldValues[i]);
                }
            }
        }
        insert(key, value);
        entries++;
    }

    private void insert(long key, int value) {
        int mask = keys.length - 1;
        for (int i = spread(key) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == 0) {
                keys[i] = key;
                values[i] = value;
                return;
            }
        }
    }

    private static long key(int parent, int method) {
        return (((long) parent << 32) | (method & 0xFFFFFFFFL)) + 1;
    }

    private static int spread(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
