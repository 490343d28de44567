package io.taper.runtime.state;

/**
 * Counter arrays per calling context: every thread keeps a calling-context tree and a shadow stack of its nodes, and
 * each node has its own {@code long[]} of its method's counters. Woven code calls {@link #enter} at a method's entry
 * (it returns the array of the context the call opens, which the method's counters then increment with plain stores,
 * as with {@link ThreadCounters}) and {@link #exit} with that array at every exit, normal or exceptional.
 *
 * <p>A method is named by its class slot and the index of its first counter in the class's layout ({@code base}); a
 * context by its parent context and its method. Exactness comes from ownership: only the thread writes its tree and
 * its arrays; readers ({@link #visit}) see values that may trail by the increments in flight. The thread's tree hangs
 * on its {@link ThreadCounters} table, so what that class does for threads holds here too: Taper's own work and
 * threads go to trees that are never reported, re-entries during a thread's registration get throwaway arrays, and
 * the trees of ended threads are merged into one (by path) and let go.
 *
 * <p>An exit names its own frame's array, so one that finds something else on top (frames whose exit was never seen:
 * an exception thrown through a constructor's {@code super(...)} call, which no handler may cover) pops down to its
 * frame; an exit whose frame is not on the stack (its entry got a throwaway array) changes nothing. Both are counted.
 * A tree holds at most {@link #MAX_CONTEXTS} contexts: past that, a new context is counted in its method's one
 * <em>flattened</em> node (parent -1), so memory stays bounded by the methods, not by the paths.
 */
public final class ContextCounters {

    /** Contexts per thread's tree, past which new ones are flattened. */
    public static final int MAX_CONTEXTS = 1 << 17;
    /** Deeper than this, entries are not pushed (a runaway stack of unexited frames cannot eat the heap). */
    static final int MAX_DEPTH = 1 << 20;
    /** The parent of a flattened node. */
    public static final int FLATTENED = -1;

    private ContextCounters() {
    }

    /** One thread's calling-context tree and shadow stack. Node 0 is the root (no method, no counters). */
    static final class Tree {
        int[] parents = new int[64];
        int[] slots = new int[64];
        int[] bases = new int[64];
        long[][] counts = new long[64][];
        /** Per node, its last child found: a loop calling one method again and again skips the hash. */
        int[] lastChild = new int[64];
        /** Open addressing over (parent, slot, base): node index + 1, 0 for empty. */
        int[] hash = new int[256];
        int size = 1;
        /** The nodes a reader may look at (written after their arrays). */
        volatile int published = 1;
        int[] stack = new int[64];
        int depth;
        long flattened;
        long unmatchedExits;
        long discardedFrames;
        long tooDeep;
        long bytes = 16L * 64 * 7;

        /** The array of the context {@code (current, slot, base)}, pushed. */
        long[] enter(int slot, int base, int length) {
            int d = depth;
            int parent = d == 0 ? 0 : stack[d - 1];
            int node = parent >= 0 ? lastChild[parent] : 0;
            if (node == 0 || slots[node] != slot || bases[node] != base || parents[node] != parent) {
                node = find(parent, slot, base);
                if (node < 0) {
                    node = create(parent, slot, base, length);
                }
                if (parent >= 0) {
                    lastChild[parent] = node;
                }
            }
            if (d < MAX_DEPTH) {
                if (d == stack.length) {
                    int[] grown = new int[d * 2];
                    System.arraycopy(stack, 0, grown, 0, d);
                    stack = grown;
                    bytes += 4L * d;
                }
                stack[d] = node;
                depth = d + 1;
            } else {
                tooDeep++;
            }
            return counts[node];
        }

        void exit(long[] c) {
            int d = depth;
            if (d > 0 && counts[stack[d - 1]] == c) {
                depth = d - 1;
                return;
            }
            for (int i = d - 2; i >= 0; i--) {
                if (counts[stack[i]] == c) {
                    discardedFrames += d - 1 - i;
                    depth = i;
                    return;
                }
            }
            unmatchedExits++;
        }

        int find(int parent, int slot, int base) {
            int[] h = hash;
            int mask = h.length - 1;
            for (int i = mix(parent, slot, base) & mask; ; i = (i + 1) & mask) {
                int e = h[i];
                if (e == 0) {
                    return -1;
                }
                int n = e - 1;
                if (parents[n] == parent && slots[n] == slot && bases[n] == base) {
                    return n;
                }
            }
        }

        /** A new context, or its method's flattened node once the tree is full. */
        int create(int parent, int slot, int base, int length) {
            if (parent != FLATTENED && size >= MAX_CONTEXTS) {
                flattened++;
                int f = find(FLATTENED, slot, base);
                return f >= 0 ? f : create(FLATTENED, slot, base, length);
            }
            int n = size;
            if (n == parents.length) {
                grow(n * 2);
            }
            parents[n] = parent;
            slots[n] = slot;
            bases[n] = base;
            counts[n] = new long[length < 0 ? 0 : length];
            bytes += 16 + 8L * (length < 0 ? 0 : length);
            size = n + 1;
            if (2 * size > hash.length) {
                rehash(hash.length * 2);
            } else {
                insert(hash, n);
            }
            published = size;
            return n;
        }

        private void insert(int[] h, int n) {
            int mask = h.length - 1;
            int i = mix(parents[n], slots[n], bases[n]) & mask;
            while (h[i] != 0) {
                i = (i + 1) & mask;
            }
            h[i] = n + 1;
        }

        private void rehash(int capacity) {
            int[] h = new int[capacity];
            for (int n = 1; n < size; n++) {
                insert(h, n);
            }
            bytes += 4L * (capacity - hash.length);
            hash = h;
        }

        private void grow(int capacity) {
            int old = parents.length;
            parents = copy(parents, capacity);
            slots = copy(slots, capacity);
            bases = copy(bases, capacity);
            lastChild = copy(lastChild, capacity);
            long[][] c = new long[capacity][];
            System.arraycopy(counts, 0, c, 0, old);
            counts = c;
            bytes += 20L * (capacity - old);
        }

        private static int[] copy(int[] a, int capacity) {
            int[] c = new int[capacity];
            System.arraycopy(a, 0, c, 0, a.length);
            return c;
        }

        private static int mix(int parent, int slot, int base) {
            int h = parent * 0x9E3779B1 + slot * 0x85EBCA77 + base * 0xC2B2AE3D;
            return h ^ (h >>> 15);
        }

        /** Adds another tree's counts into this one, context by context (the other's nodes follow their parents). */
        void absorb(Tree other) {
            int n = other.published;
            int[] map = new int[n];
            for (int i = 1; i < n; i++) {
                int p = other.parents[i];
                int parent = p == FLATTENED ? FLATTENED : map[p];
                long[] from = other.counts[i];
                int node = find(parent, other.slots[i], other.bases[i]);
                if (node < 0) {
                    node = create(parent, other.slots[i], other.bases[i], from.length);
                }
                map[i] = node;
                long[] to = counts[node];
                for (int k = 0; k < to.length && k < from.length; k++) {
                    to[k] += from[k];
                }
            }
            flattened += other.flattened;
            unmatchedExits += other.unmatchedExits;
            discardedFrames += other.discardedFrames;
            tooDeep += other.tooDeep;
        }
    }

    /**
     * Opens the context of a call to the method whose counters start at {@code base} in class slot {@code slot}, from
     * the thread's current context, and returns its counter array ({@code length} counters, made at its first call).
     */
    public static long[] enter(int slot, int base, int length) {
        ThreadCounters.Table table = ThreadCounters.table();
        if (table == null) {
            return new long[length < 0 ? 0 : length];   // counts thrown away (the thread registering, start-up)
        }
        Tree tree = table.contexts;
        if (tree == null) {
            tree = new Tree();
            table.contexts = tree;
        }
        return tree.enter(slot, base, length);
    }

    /** Closes the context whose array {@link #enter} returned. */
    public static void exit(long[] counts) {
        ThreadCounters.Table table = ThreadCounters.table();
        Tree tree = table == null ? null : table.contexts;
        if (tree != null) {
            tree.exit(counts);
        }
    }

    /** What a reader sees of the trees. */
    public interface Visitor {
        /**
         * A thread's tree begins (its nodes follow, parents before children).
         *
         * @param threadName the thread's name at registration, or null for the ended threads' merged tree
         * @param figures    flattened contexts, unmatched exits, discarded frames, entries too deep to push
         */
        void thread(String threadName, long threadId, long[] figures);

        /**
         * One context.
         *
         * @param node   its index in the thread's tree (the root, 0, is not visited)
         * @param parent its parent's index, 0 for the root, {@link #FLATTENED} for a flattened node
         * @param counts the live array: read it, never write it
         */
        void node(int node, int parent, int slot, int base, long[] counts);
    }

    /** Visits every live thread's tree, then the ended threads' merged tree, under {@link ThreadCounters}' lock. */
    public static void visit(Visitor v) {
        ThreadCounters.visitTables((name, id, tree) -> {
            int n = tree.published;
            int[] parents = tree.parents;
            int[] slots = tree.slots;
            int[] bases = tree.bases;
            long[][] counts = tree.counts;
            v.thread(name, id, new long[] {tree.flattened, tree.unmatchedExits, tree.discardedFrames, tree.tooDeep});
            for (int i = 1; i < n && i < parents.length; i++) {
                if (counts[i] != null) {
                    v.node(i, parents[i], slots[i], bases[i], counts[i]);
                }
            }
        });
    }
}
