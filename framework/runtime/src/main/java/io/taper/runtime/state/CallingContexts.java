package io.taper.runtime.state;

/**
 * A per-calling-context mapper: a calling-context tree shared by all threads, whose nodes are slots,
 * and a shadow stack per thread. Woven code calls {@link #enter} at method entry with the method's
 * slot (from a {@link KeySlots}) and {@link #exit} at every method exit; {@link #current} is the slot
 * of the calling context the thread is in. Node 0 is the root (no method).
 *
 * <p>Entering an existing context is a lock-free lookup with no allocation; only a new context
 * (and a deeper stack than the thread had before) allocates.
 */
public final class CallingContexts {

    public static final int ROOT = 0;

    private final IntCells parents = new IntCells();
    private final IntCells methods = new IntCells();
    private final ConcurrentLongIntMap children = new ConcurrentLongIntMap();
    private volatile int size = 1;

    private static final class Stack {
        int[] nodes = new int[64];
        int depth;
    }

    private final ThreadLocal<Stack> stacks = ThreadLocal.withInitial(Stack::new);

    /** Enters {@code method} from the current context; returns the new context's slot. */
    public int enter(int method) {
        Stack s = stacks.get();
        int parent = s.depth == 0 ? ROOT : s.nodes[s.depth - 1];
        int node = child(parent, method);
        if (s.depth == s.nodes.length) {
            s.nodes = java.util.Arrays.copyOf(s.nodes, s.depth * 2);
        }
        s.nodes[s.depth++] = node;
        return node;
    }

    /** Leaves the current context (a no-op at the root: an exit whose entry was not observed). */
    public void exit() {
        Stack s = stacks.get();
        if (s.depth > 0) {
            s.depth--;
        }
    }

    /** The slot of the thread's current context ({@link #ROOT} outside any observed method). */
    public int current() {
        Stack s = stacks.get();
        return s.depth == 0 ? ROOT : s.nodes[s.depth - 1];
    }

    /** The context reached by calling {@code method} from {@code parent}, created if new. */
    public int child(int parent, int method) {
        long key = ((long) parent << 32) | (method & 0xFFFFFFFFL);
        int node = children.get(key);
        return node >= 0 ? node : create(key, parent, method);
    }

    private synchronized int create(long key, int parent, int method) {
        int node = children.get(key);
        if (node >= 0) {
            return node;
        }
        node = size;
        parents.getAndAdd(node, parent);
        methods.getAndAdd(node, method);
        size = node + 1;
        return children.putIfAbsent(key, node);
    }

    public int parent(int node) {
        return parents.get(node);
    }

    /** The method slot of this context (meaningless for the root). */
    public int method(int node) {
        return methods.get(node);
    }

    public int depth(int node) {
        int d = 0;
        for (int n = node; n != ROOT; n = parents.get(n)) {
            d++;
        }
        return d;
    }

    /** Method slots from the outermost call to this context. */
    public int[] path(int node) {
        int[] p = new int[depth(node)];
        for (int n = node, i = p.length - 1; n != ROOT; n = parents.get(n)) {
            p[i--] = methods.get(n);
        }
        return p;
    }

    /** Number of contexts including the root; slots are {@code 0 .. size()-1}. */
    public int size() {
        return size;
    }
}
