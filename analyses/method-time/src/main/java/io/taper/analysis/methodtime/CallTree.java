package io.taper.analysis.methodtime;

import io.taper.result.ResultKeys;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The calling-context tree of all threads merged by call path: per node the method, the completed calls
 * and the time spent in that context (completed calls plus frames still open at the snapshot), and the part of
 * that time its threads spent waiting. Node 0 is the root (no method); its children are the threads (method
 * {@link #threadMethod}: same-named threads share one), theirs the threads' outermost observed calls, and the node of
 * method {@link #TRUNCATED_METHOD} under a thread holds the flattened paths of its tree once full.
 */
final class CallTree {

    static final int ROOT = 0;
    static final int TRUNCATED_METHOD = ResultKeys.MethodTimeSummary.FLATTENED_METHOD;
    /** Thread nodes' methods are {@code THREAD_METHOD - index}. */
    static final int THREAD_METHOD = ResultKeys.MethodTimeSummary.THREAD_METHOD;

    /** The method id of the thread node of thread name {@code index} (see {@link MergedProfile#threadNames}). */
    static int threadMethod(int index) {
        return THREAD_METHOD - index;
    }

    private int[] parents = new int[1024];
    private int[] methods = new int[1024];
    private long[] calls = new long[1024];
    private long[] nanos = new long[1024];
    private long[] waits = new long[1024];
    private int size = 1;
    private final HashMap<Long, Integer> children = new HashMap<>();

    CallTree() {
        parents[ROOT] = -1;
        methods[ROOT] = -1;
    }

    /** The node for {@code method} called from {@code parent}, created on first sight. */
    int child(int parent, int method) {
        Long key = ((long) parent << 32) | (method & 0xFFFFFFFFL);
        Integer existing = children.get(key);
        if (existing != null) {
            return existing;
        }
        int node = size++;
        if (node == parents.length) {
            int n = node * 2;
            parents = Arrays.copyOf(parents, n);
            methods = Arrays.copyOf(methods, n);
            calls = Arrays.copyOf(calls, n);
            nanos = Arrays.copyOf(nanos, n);
            waits = Arrays.copyOf(waits, n);
        }
        parents[node] = parent;
        methods[node] = method;
        children.put(key, node);
        return node;
    }

    void add(int node, long nodeCalls, long nodeNanos) {
        add(node, nodeCalls, nodeNanos, 0);
    }

    void add(int node, long nodeCalls, long nodeNanos, long waitedNanos) {
        calls[node] += nodeCalls;
        nanos[node] += nodeNanos;
        waits[node] += waitedNanos;
    }

    long waitNanos(int node) {
        return waits[node];
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

    long calls(int node) {
        return calls[node];
    }

    long nanos(int node) {
        return nanos[node];
    }

    /** The root's time: the sum of its children's (every thread's observed time). */
    long totalNanos() {
        long t = 0;
        for (int n = 1; n < size; n++) {
            if (parents[n] == ROOT) {
                t += nanos[n];
            }
        }
        return t;
    }

    /**
     * The tree as JSON-shaped rows {@code [parent, method, calls, nanos, waiting nanos]} (parent: an index into the returned
     * list, -1 for the root's children), at most {@code maxNodes} of them and none lighter than
     * {@code minNanos}: the heaviest connected part of the tree, grown from the root one node at a time by
     * taking the heaviest node whose parent is already exported, so every exported path is complete and a
     * parent precedes its children.
     */
    List<long[]> export(int maxNodes, long minNanos) {
        int[] firstChild = new int[size];
        int[] nextSibling = new int[size];
        Arrays.fill(firstChild, -1);
        for (int n = size - 1; n > ROOT; n--) {
            nextSibling[n] = firstChild[parents[n]];
            firstChild[parents[n]] = n;
        }
        int[] exported = new int[size];
        exported[ROOT] = -1;
        PriorityQueue<Integer> frontier = new PriorityQueue<>(new Comparator<Integer>() {
            @Override
            public int compare(Integer a, Integer b) {
                int c = Long.compare(nanos[b], nanos[a]);
                return c != 0 ? c : Integer.compare(a, b);
            }
        });
        for (int ch = firstChild[ROOT]; ch >= 0; ch = nextSibling[ch]) {
            frontier.add(ch);
        }
        List<long[]> rows = new ArrayList<>();
        while (!frontier.isEmpty() && rows.size() < maxNodes) {
            int n = frontier.poll();
            if (nanos[n] < minNanos) {
                break;                         // the heaviest left is too light: so are all the others
            }
            exported[n] = rows.size();
            rows.add(new long[] {exported[parents[n]], methods[n], calls[n], nanos[n], waits[n]});
            for (int ch = firstChild[n]; ch >= 0; ch = nextSibling[ch]) {
                frontier.add(ch);
            }
        }
        return rows;
    }
}
