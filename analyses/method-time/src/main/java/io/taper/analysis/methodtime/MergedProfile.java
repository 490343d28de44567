package io.taper.analysis.methodtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * All threads' profiles merged into per-method statistics, per-edge statistics and one call tree.
 *
 * <p>Definitions (every time in nanoseconds; "open" frames are calls not finished at the snapshot, as in a
 * thread that never returns):
 * <ul>
 * <li>invocations: completed calls;</li>
 * <li>inclusive: time with the method on the stack, completed and open calls, a recursive call counted
 *     once (only the outermost activation on a path adds its time) &mdash; what a sampling profiler's
 *     inclusive samples measure;</li>
 * <li>exclusive: time in the method's own body, outside observed callees (completed and open calls);</li>
 * <li>min, max: of one completed call; total: the sum of the completed calls' times (recursive calls
 *     count at every level), so total / invocations is the mean time of a call;</li>
 * <li>an edge (caller, callee): the callee's completed calls from that caller, and the inclusive time of
 *     those calls that were not already inside another activation of the callee, so a method's edges
 *     from all its callers add up to its inclusive time. Caller -1: no observed caller (a thread's
 *     outermost observed call); -2: a flattened context of a full tree.</li>
 * </ul>
 */
final class MergedProfile {

    static final int NO_CALLER = -1;
    static final int TRUNCATED_CALLER = -2;

    final int methods;
    final long[] invocations;
    final long[] inclusive;
    final long[] exclusive;
    final long[] total;
    final long[] min;
    final long[] max;
    final long[] open;
    /** Per method, the most activations of it open at once on one thread (folded recursion's depth). */
    final long[] recursion;
    /** Per method, the part of its inclusive time its thread spent waiting (parked, blocked, sleeping). */
    final long[] waiting;
    /** Per method, the part of its exclusive time its thread spent waiting. */
    final long[] selfWaiting;
    /** Per profile (thread or group of finished threads): name, threads, observed nanoseconds, waiting nanoseconds. */
    final List<Object[]> threadTimes = new ArrayList<>();
    /** The call tree's thread nodes' names, by index ({@link CallTree#threadMethod}); same-named threads share one. */
    final List<String> threadNames = new ArrayList<>();
    private final Map<String, Integer> threadIndexes = new HashMap<>();
    final boolean[] seen;
    /** Per callee: caller method to {calls, nanos}. */
    final Map<Integer, Map<Integer, long[]>> callers = new HashMap<>();
    final CallTree tree = new CallTree();

    int threads;
    long contexts;
    long truncatedContexts;
    /**
     * Time of completed calls in flattened contexts, each stretch of flattened frames counted once, at its outermost
     * call (their callers' paths are lost).
     */
    long flattenedNanos;
    /** Cuts of full trees, and the time their cut contexts held (part of {@link #flattenedNanos}). */
    long cuts;
    long cutNanos;
    /** The time threads spent cutting their trees (taken out of their frames' times). */
    long cutPauseNanos;
    /** The time the agent spent on the threads weaving the classes they loaded (taken out of their calls). */
    long agentNanos;
    long unmatchedExits;
    /** Methods of some unmatched exits (a few per thread), for diagnosis. */
    final java.util.Set<Integer> unmatchedMethods = new java.util.TreeSet<>();
    long discardedFrames;
    long unknownSites;
    long tooDeep;

    /** An empty profile; {@link #merge} fills one (tests build profiles by hand with {@link #edge}). */
    MergedProfile(int methods) {
        this.methods = methods;
        invocations = new long[methods];
        inclusive = new long[methods];
        exclusive = new long[methods];
        total = new long[methods];
        min = new long[methods];
        max = new long[methods];
        recursion = new long[methods];
        waiting = new long[methods];
        selfWaiting = new long[methods];
        open = new long[methods];
        seen = new boolean[methods];
        Arrays.fill(min, Long.MAX_VALUE);
    }

    /** Merges thread snapshots; method slots must be below {@code methods} (larger ones are skipped). */
    static MergedProfile merge(List<ThreadProfile.Snapshot> snapshots, int methods) {
        return merge(snapshots, methods, new boolean[0]);
    }

    /**
     * Merges thread snapshots, cutting each thread's open frames at the first frame of a {@code cutAt}
     * method: that frame and the frames above it are left out, and the frames below it end when it began.
     * The results are read in a shutdown hook, so the thread that runs the JVM's shutdown sequence
     * ({@code java.lang.Shutdown}) is still inside it, waiting for that very hook: its time there is Taper's.
     */
    static MergedProfile merge(List<ThreadProfile.Snapshot> snapshots, int methods, boolean[] cutAt) {
        return merge(new MergedProfile(methods), snapshots, cutAt);
    }

    private static MergedProfile merge(MergedProfile m, List<ThreadProfile.Snapshot> snapshots, boolean[] cutAt) {
        for (ThreadProfile.Snapshot s : snapshots) {
            m.add(s, cutAt);
        }
        return m;
    }

    private void add(ThreadProfile.Snapshot s, boolean[] cutAt) {
        threads += s.threads;
        unmatchedExits += s.unmatchedExits;
        for (int m : s.unmatchedMethods) {
            unmatchedMethods.add(m);
        }
        discardedFrames += s.discardedFrames;
        unknownSites += s.unknownSites;
        tooDeep += s.tooDeep;
        ContextTree.Copy c = s.nodes;
        int n = c.size();
        contexts += Math.max(0, n - 2);

        // open frames: their time so far, and their self time (minus observed callees, minus the frame above)
        long[] openNanos = new long[n];
        long[] openSelf = new long[n];
        int[] openFrames = new int[n];
        int d = s.openNodes.length;
        long now = s.now;
        for (int i = 0; i < d; i++) {
            int node = s.openNodes[i];
            int method = node >= 0 && node < n ? c.method(node) : -1;
            if (method >= 0 && method < cutAt.length && cutAt[method]) {
                d = i;
                now = Math.min(now, s.openStarts[i]);
                break;
            }
        }
        // a folded recursive re-entry's frame adds self time only: its node's outermost open frame holds its time
        boolean[] outerOpen = new boolean[d];
        boolean[] nodeOpen = new boolean[n];
        for (int i = 0; i < d; i++) {
            int node = s.openNodes[i];
            if (node >= 0 && node < n && !nodeOpen[node]) {
                nodeOpen[node] = true;
                outerOpen[i] = true;
            }
        }
        long above = 0;
        for (int i = d - 1; i >= 0; i--) {
            int node = s.openNodes[i];
            long elapsed = Math.max(0, now - s.openStarts[i]);
            if (node > ContextTree.TRUNCATED && node < n) {
                openNanos[node] += outerOpen[i] ? elapsed : 0;
                openSelf[node] += Math.max(0, elapsed - s.openCallees[i] - above);
                openFrames[node]++;
            }
            above = elapsed;
        }

        boolean[] outermost = outermost(c, methods);
        // A flattened context's width in the call tree: its own time and its (unflattened) children's, not its
        // inclusive time, which holds the flattened calls it made, themselves flattened contexts beside it.
        long[] flatWidth = new long[n];
        for (int node = ContextTree.TRUNCATED + 1; node < n; node++) {
            int p = c.parent(node);
            if (p == ContextTree.TRUNCATED) {
                flatWidth[node] += c.stat(node, ContextTree.SELF_NANOS) + openSelf[node];
            } else if (p > ContextTree.TRUNCATED && p < node && c.parent(p) == ContextTree.TRUNCATED) {
                flatWidth[p] += c.stat(node, ContextTree.NANOS) + openNanos[node];
            }
        }
        long threadNanos = 0;
        flattenedNanos += s.flattenedNanos;
        cuts += s.cuts;
        cutNanos += s.cutNanos;
        cutPauseNanos += s.cutPauseNanos;
        agentNanos += s.agentNanos;
        Integer known = threadIndexes.get(s.threadName);
        if (known == null) {
            known = threadNames.size();
            threadNames.add(s.threadName);
            threadIndexes.put(s.threadName, known);
        }
        int threadNode = tree.child(CallTree.ROOT, CallTree.threadMethod(known));
        int[] merged = new int[n];
        merged[ContextTree.ROOT] = CallTree.ROOT;
        merged[ContextTree.TRUNCATED] = -1;
        for (int node = ContextTree.TRUNCATED + 1; node < n; node++) {
            int method = c.method(node);
            int parent = c.parent(node);
            if (method < 0 || method >= methods || parent < 0 || parent >= node) {
                merged[node] = -1;
                continue;
            }
            long calls = c.stat(node, ContextTree.CALLS);
            long nanos = c.stat(node, ContextTree.NANOS) + openNanos[node];
            seen[method] = true;
            invocations[method] += calls;
            total[method] += c.stat(node, ContextTree.NANOS);
            exclusive[method] += c.stat(node, ContextTree.SELF_NANOS) + openSelf[node];
            open[method] += openFrames[node];
            if (calls > 0) {
                min[method] = Math.min(min[method], c.stat(node, ContextTree.MIN_NANOS));
                max[method] = Math.max(max[method], c.stat(node, ContextTree.MAX_NANOS));
                recursion[method] = Math.max(recursion[method], c.stat(node, ContextTree.MAX_RECURSION));
            }
            long outerNanos = outermost[node] ? nanos : 0;
            inclusive[method] += outerNanos;
            long waited = node < s.waitNodes.length ? s.waitNodes[node] : 0;
            long outerWaited = outermost[node] ? Math.min(waited, nanos) : 0;
            waiting[method] += outerWaited;
            selfWaiting[method] += node < s.waitSelf.length ? s.waitSelf[node] : 0;
            if (parent == ContextTree.ROOT) {
                threadNanos += nanos;
            }

            int caller;
            if (parent == ContextTree.ROOT) {
                caller = NO_CALLER;
            } else if (parent == ContextTree.TRUNCATED) {
                caller = TRUNCATED_CALLER;
                truncatedContexts++;
            } else {
                caller = c.method(parent);
            }
            long[] edge = edge(caller, method);
            edge[0] += calls;
            edge[1] += outerNanos;
            long width = parent == ContextTree.TRUNCATED ? flatWidth[node] : nanos;
            merged[node] = addToTree(threadNode, merged, parent, method, calls, width, outerWaited);
        }
        threadTimes.add(new Object[] {s.threadName, (long) s.threads, threadNanos, Math.min(s.waitTotal, threadNanos)});
    }

    /**
     * Adds a thread's context to the merged tree, under its parent's merged node ({@code merged}: per context
     * of the thread, its merged node, -1 if none; {@code threadNode}: the thread's node); returns its merged node,
     * or -1.
     */
    private int addToTree(int threadNode, int[] merged, int parent, int method, long calls, long nanos, long waited) {
        int mergedParent;
        if (parent == ContextTree.ROOT) {
            mergedParent = threadNode;
        } else if (parent == ContextTree.TRUNCATED) {
            if (merged[ContextTree.TRUNCATED] < 0) {
                merged[ContextTree.TRUNCATED] = tree.child(threadNode, CallTree.TRUNCATED_METHOD);
            }
            mergedParent = merged[ContextTree.TRUNCATED];
        } else {
            mergedParent = merged[parent];
        }
        if (mergedParent < 0) {
            return -1;
        }
        int node = tree.child(mergedParent, method);
        tree.add(node, calls, nanos, waited);
        if (mergedParent != threadNode && tree.method(mergedParent) == CallTree.TRUNCATED_METHOD) {
            tree.add(mergedParent, 0, nanos, waited);
            tree.add(threadNode, 0, nanos, waited);
        } else if (mergedParent == threadNode) {
            tree.add(threadNode, 0, nanos, waited);
        }
        return node;
    }

    // no lambdas in analysis code: they would bootstrap java.lang.invoke from inside the observed JVM's run
    /** The edge's {calls, nanos}, created empty on first sight. */
    long[] edge(int caller, int callee) {
        Map<Integer, long[]> edges = callers.get(callee);
        if (edges == null) {
            edges = new HashMap<>();
            callers.put(callee, edges);
        }
        long[] e = edges.get(caller);
        if (e == null) {
            e = new long[2];
            edges.put(caller, e);
        }
        return e;
    }

    /**
     * For each node, whether no ancestor calls the same method (the outermost activation on its path).
     * A depth-first walk with a per-method count of activations on the current path.
     */
    static boolean[] outermost(ContextTree.Copy c, int methods) {
        int n = c.size();
        boolean[] outer = new boolean[n];
        int[] firstChild = new int[n];
        int[] nextSibling = new int[n];
        Arrays.fill(firstChild, -1);
        for (int node = n - 1; node > ContextTree.TRUNCATED; node--) {
            int p = c.parent(node);
            if (p >= 0 && p < node) {
                nextSibling[node] = firstChild[p];
                firstChild[p] = node;
            }
        }
        int[] active = new int[methods];
        int[] stack = new int[16];
        for (int root = ContextTree.ROOT; root <= ContextTree.TRUNCATED && root < n; root++) {
            int sp = 0;
            stack[sp++] = root;
            while (sp > 0) {
                int entry = stack[--sp];
                if (entry < 0) {                       // leaving a node: its method is no longer on the path
                    int m = c.method(~entry);
                    if (m >= 0 && m < methods) {
                        active[m]--;
                    }
                    continue;
                }
                int m = c.method(entry);
                if (m >= 0 && m < methods) {
                    outer[entry] = active[m] == 0;
                    active[m]++;
                }
                if (sp + 2 > stack.length) {
                    stack = Arrays.copyOf(stack, stack.length * 2);
                }
                stack[sp++] = ~entry;
                for (int ch = firstChild[entry]; ch >= 0; ch = nextSibling[ch]) {
                    if (sp == stack.length) {
                        stack = Arrays.copyOf(stack, stack.length * 2);
                    }
                    stack[sp++] = ch;
                }
            }
        }
        return outer;
    }

    /** The inclusive nanoseconds of the callee's calls from the caller (0 if there were none). */
    long edgeNanos(int caller, int callee) {
        Map<Integer, long[]> edges = callers.get(callee);
        long[] e = edges == null ? null : edges.get(caller);
        return e == null ? 0 : e[1];
    }

    /** The callers of a method, as {caller, calls, nanos} sorted by nanos, then calls, descending. */
    List<long[]> callersOf(int method) {
        Map<Integer, long[]> edges = callers.get(method);
        List<long[]> out = new ArrayList<>();
        if (edges != null) {
            for (Map.Entry<Integer, long[]> e : edges.entrySet()) {
                out.add(new long[] {e.getKey(), e.getValue()[0], e.getValue()[1]});
            }
        }
        out.sort(BY_TIME_THEN_CALLS);
        return out;
    }

    private static final Comparator<long[]> BY_TIME_THEN_CALLS = new Comparator<>() {
        @Override
        public int compare(long[] a, long[] b) {
            int c = Long.compare(b[2], a[2]);
            if (c == 0) {
                c = Long.compare(b[1], a[1]);
            }
            return c != 0 ? c : Long.compare(a[0], b[0]);
        }
    };
}
