package io.taper.runtime.state;

import io.taper.runtime.StateBudget;

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
 * A tree holds at most {@link #MAX_CONTEXTS} contexts, and no tree grows once the analysis state reached its budget
 * ({@link StateBudget}, which counts the trees): past that, a new context is counted in its method's one
 * <em>flattened</em> node (parent -1), so memory stays bounded by the methods, not by the paths.
 */
public final class ContextCounters {

    /** Contexts per thread's tree, past which new ones are flattened (as they are once the state budget is reached). */
    public static final int MAX_CONTEXTS = 1 << 20;
    /** Deeper than this, entries are not pushed (a runaway stack of unexited frames cannot eat the heap). */
    static final int MAX_DEPTH = 1 << 20;
    /** The parent of a flattened node. */
    public static final int FLATTENED = -1;

    private ContextCounters() {
    }

    /** One thread's calling-context tree and shadow stack. Node 0 is the root (no method, no counters). */
    static final class Tree {
        /** Ints per node in {@link #info}. */
        static final int STRIDE = 16;
        private static final int WAYS = 12;
        /**
         * Per node, {@link #STRIDE} ints, a cache line: its parent, slot and base, then a direct-mapped cache of
         * {@link #WAYS} children found from it (by slot and base), so that a call finds its callee's node from the
         * line its caller's key is in, without the hash (a probe there is a miss to memory once a tree outgrows the
         * processor's caches: with 4 ways, 36 % of H2's 418 million entries went to the hash; with 12, 11 %; 4 ways
         * that keep their child's key inline, saving the look at the child's line, measured slower).
         */
        int[] info = new int[STRIDE * 64];
        long[][] counts = new long[64][];
        /**
         * Open addressing over (parent, slot, base), the key inline so that a probe reads one cache line: four ints
         * per entry, the key's three and the node index + 1 (0 for empty).
         */
        int[] hash = new int[4 * 256];
        int size = 1;
        /** The nodes a reader may look at (written after their arrays). */
        volatile int published = 1;
        int[] stack = new int[64];
        int depth;
        long unmatchedExits;
        long discardedFrames;
        long tooDeep;
        long bytes = 4L * STRIDE * 64 + 8L * 64 + 4L * 4 * 256 + 4L * 64;

        int parent(int node) {
            return info[node * STRIDE];
        }

        int slot(int node) {
            return info[node * STRIDE + 1];
        }

        int base(int node) {
            return info[node * STRIDE + 2];
        }

        /** The array of the context {@code (current, slot, base)}, pushed. */
        long[] enter(int slot, int base, int length) {
            int d = depth;
            int parent = d == 0 ? 0 : stack[d - 1];
            int[] in = info;
            int way = parent * STRIDE + 4 + way(slot, base);
            int node = in[way];
            int at = node * STRIDE;
            // a flattened node found from this parent stays its callee's: the tree never gets room again
            if (node == 0 || in[at + 1] != slot || in[at + 2] != base
                    || (in[at] != parent && in[at] != FLATTENED)) {
                node = find(parent, slot, base);
                if (node < 0) {
                    node = create(parent, slot, base, length);
                }
                info[way] = node;   // info may have grown in create()
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
            int mask = (h.length >>> 2) - 1;
            for (int i = mix(parent, slot, base) & mask; ; i = (i + 1) & mask) {
                int at = i << 2;
                int e = h[at + 3];
                if (e == 0) {
                    return -1;
                }
                if (h[at] == parent && h[at + 1] == slot && h[at + 2] == base) {
                    return e - 1;
                }
            }
        }

        /** A new context, or its method's flattened node once the tree is full. */
        int create(int parent, int slot, int base, int length) {
            if (parent != FLATTENED && (size >= MAX_CONTEXTS || StateBudget.reached())) {
                int f = find(FLATTENED, slot, base);
                return f >= 0 ? f : create(FLATTENED, slot, base, length);
            }
            int n = size;
            if (n == counts.length) {
                grow(n * 2);
            }
            int at = n * STRIDE;
            info[at] = parent;
            info[at + 1] = slot;
            info[at + 2] = base;
            counts[n] = new long[length < 0 ? 0 : length];
            bytes += 16 + 8L * (length < 0 ? 0 : length);
            size = n + 1;
            if (2 * size > hash.length >>> 2) {
                rehash(hash.length * 2);
            } else {
                insert(hash, n);
            }
            published = size;
            return n;
        }

        private void insert(int[] h, int n) {
            int mask = (h.length >>> 2) - 1;
            int i = mix(parent(n), slot(n), base(n)) & mask;
            while (h[(i << 2) + 3] != 0) {
                i = (i + 1) & mask;
            }
            int at = i << 2;
            h[at] = parent(n);
            h[at + 1] = slot(n);
            h[at + 2] = base(n);
            h[at + 3] = n + 1;
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
            int old = counts.length;
            int[] i = new int[capacity * STRIDE];
            System.arraycopy(info, 0, i, 0, info.length);
            info = i;
            long[][] c = new long[capacity][];
            System.arraycopy(counts, 0, c, 0, old);
            counts = c;
            bytes += (4L * STRIDE + 8) * (capacity - old);
        }

        /** A method's way in its caller's child cache: the high bits of a multiplicative hash, scaled to the ways. */
        private static int way(int slot, int base) {
            return (int) (((slot * 0x9E3779B1 + base * 0x85EBCA77) & 0xFFFFFFFFL) * WAYS >>> 32);
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
                int p = other.parent(i);
                int parent = p == FLATTENED ? FLATTENED : map[p];
                long[] from = other.counts[i];
                int node = find(parent, other.slot(i), other.base(i));
                if (node < 0) {
                    node = create(parent, other.slot(i), other.base(i), from.length);
                }
                map[i] = node;
                long[] to = counts[node];
                for (int k = 0; k < to.length && k < from.length; k++) {
                    to[k] += from[k];
                }
            }
            unmatchedExits += other.unmatchedExits;
            discardedFrames += other.discardedFrames;
            tooDeep += other.tooDeep;
        }
    }

    /**
     * The current thread's tree (its shadow during Taper's own work), made at its first call, or null where counts are
     * thrown away (the thread registering now, this class's initialisation). Woven code keeps it in a local for the
     * method's {@link #enter} and exits, so an exit finds its tree without looking the thread up again.
     */
    public static Object tree() {
        ThreadCounters.Table table = ThreadCounters.table();
        if (table == null) {
            return null;
        }
        Tree tree = table.contexts;
        if (tree == null) {
            tree = new Tree();
            table.contexts = tree;
        }
        return tree;
    }

    /**
     * Opens the context of a call to the method whose counters start at {@code base} in class slot {@code slot}, from
     * the tree's current context, and returns its counter array ({@code length} counters, made at its first call).
     *
     * @param tree what {@link #tree} returned
     */
    public static long[] enter(Object tree, int slot, int base, int length) {
        if (tree == null) {
            return new long[length < 0 ? 0 : length];
        }
        return ((Tree) tree).enter(slot, base, length);
    }

    /** Closes the context whose array {@link #enter} returned. */
    public static void exit(Object tree, long[] counts) {
        if (tree != null) {
            ((Tree) tree).exit(counts);
        }
    }

    /** What a reader sees of the trees. */
    public interface Visitor {
        /**
         * A thread's tree begins (its nodes follow, parents before children).
         *
         * @param threadName the thread's name at registration, or null for the ended threads' merged tree
         * @param figures    unmatched exits, discarded frames, entries too deep to push
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
            int[] info = tree.info;
            long[][] counts = tree.counts;
            v.thread(name, id, new long[] {tree.unmatchedExits, tree.discardedFrames, tree.tooDeep});
            for (int i = 1; i < n && i < counts.length && (i + 1) * Tree.STRIDE <= info.length; i++) {
                if (counts[i] != null) {
                    int at = i * Tree.STRIDE;
                    v.node(i, info[at], info[at + 1], info[at + 2], counts[i]);
                }
            }
        });
    }
}
