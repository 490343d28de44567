package io.taper.analysis.bytecodecount;

import io.taper.result.ResultKeys.BytecodeRow;
import io.taper.result.ResultKeys.MethodTimeSummary;
import io.taper.runtime.state.ContextCounters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * What a {@code --contexts} run counted, read from every thread's calling-context tree ({@link ContextCounters}): the
 * counts summed per class (the rows are made from these as from a fixed run's arrays), each thread's bytecodes, and
 * the call tree in method-time's format ({@code [parent, method id, calls, inclusive bytecodes, 0]} per node, the
 * threads on top, a thread's flattened contexts under method id -2), so that the launcher draws the same flame graph
 * and collapsed stacks. A thread's tree of more than {@link #EXPORTED_PER_THREAD} contexts (or of more than what is
 * left of {@link #EXPORTED_IN_ALL}) is exported with its heaviest ones only (by inclusive count; the others'
 * bytecodes show as their caller's own); the rows and totals keep everything.
 */
final class ContextCounts {

    /** Contexts exported per thread, at most, and in all (threads read later get what is left, at least 1,000). */
    static final int EXPORTED_PER_THREAD = 50_000;
    static final int EXPORTED_IN_ALL = 200_000;

    /** The class slot's counts summed over every context of every thread. */
    final Map<Integer, long[]> perClass = new HashMap<>();
    /** Bytecodes per thread ({@code name #id}, or the exited threads' entry), in visiting order. */
    final Map<String, Long> perThread = new LinkedHashMap<>();
    final List<long[]> nodes = new ArrayList<>();
    final List<String> threadNames = new ArrayList<>();
    long contexts;
    long exportedContexts;
    long flattenedBytecodes;
    long unmatchedExits;
    long discardedFrames;
    long tooDeep;
    boolean any;

    /**
     * The method of one context: its layout, its row id, where its counters start in the class, and the class's
     * number of counters.
     */
    private record Target(ClassLayout.Method method, long rowId, int base, int classSize) {
    }

    /** A row's id: the class slot and the method's index in its layout. */
    static long rowId(int slot, int methodIndex) {
        return ((long) slot << 16) | methodIndex;
    }

    /** @param layouts a class's layout by slot (null if it has none), asked only for the classes in the trees */
    static ContextCounts read(IntFunction<ClassLayout> layouts) {
        ContextCounts out = new ContextCounts();
        Targets targets = new Targets(layouts);
        List<int[]> tree = new ArrayList<>();   // {parent, slot, base} per node of the thread being read
        List<long[]> counts = new ArrayList<>();
        String[] thread = new String[1];
        ContextCounters.visit(new ContextCounters.Visitor() {
            @Override
            public void thread(String threadName, long threadId, long[] figures) {
                out.finish(thread[0], tree, counts, targets);
                out.any = true;
                thread[0] = threadName == null ? BytecodeRow.EXITED_THREADS : threadName + " #" + threadId;
                out.unmatchedExits += figures[0];
                out.discardedFrames += figures[1];
                out.tooDeep += figures[2];
            }

            @Override
            public void node(int node, int parent, int slot, int base, long[] c) {
                while (tree.size() < node - 1) {   // a node the reader cannot see yet: an empty placeholder
                    tree.add(new int[] {0, -1, -1});
                    counts.add(new long[0]);
                }
                tree.add(new int[] {parent, slot, base});
                counts.add(c.clone());
            }
        });
        out.finish(thread[0], tree, counts, targets);
        return out;
    }

    private static long key(int slot, int base) {
        return ((long) slot << 32) | (base & 0xFFFFFFFFL);
    }

    /** Each context's method by its class's slot and counter base, from the class's layout when first met. */
    private static final class Targets {
        private final IntFunction<ClassLayout> layouts;
        private final Map<Long, Target> byKey = new HashMap<>();
        private final Set<Integer> read = new HashSet<>();

        Targets(IntFunction<ClassLayout> layouts) {
            this.layouts = layouts;
        }

        Target of(int slot, int base) {
            if (read.add(slot)) {
                ClassLayout l = slot < 0 ? null : layouts.apply(slot);
                for (int i = 0; l != null && i < l.methods().size(); i++) {
                    ClassLayout.Method m = l.methods().get(i);
                    byKey.put(key(l.slot(), m.invocationCounter()), new Target(m, rowId(l.slot(), i),
                        m.invocationCounter(), l.size()));
                }
            }
            return byKey.get(key(slot, base));
        }
    }

    /** Adds one thread's tree (index i of the lists is node i + 1) to the sums and the exported call tree. */
    private void finish(String thread, List<int[]> tree, List<long[]> counts, Targets targets) {
        if (thread == null) {
            return;
        }
        int n = tree.size();
        long[] self = new long[n];
        long[] inclusive = new long[n];
        long flattened = 0;
        long total = 0;
        Target[] of = new Target[n];
        for (int i = 0; i < n; i++) {
            int[] t = tree.get(i);
            Target target = targets.of(t[1], t[2]);
            if (target == null) {
                continue;   // a class without a layout (never sent) or a placeholder
            }
            of[i] = target;
            long[] c = counts.get(i);
            long[] sum = perClass.computeIfAbsent(t[1], s -> new long[target.classSize]);
            for (int k = 0; k < c.length && target.base + k < sum.length; k++) {
                sum[target.base + k] += c[k];
            }
            int off = target.method.firstBlockCounter() - target.base;
            long[] all = c.clone();
            target.method.derive(all, off);
            for (int b = 0; b < target.method.blocks() && off + b < all.length; b++) {
                self[i] += all[off + b] * target.method.lengths()[b];
            }
            total += self[i];
            contexts++;
        }
        for (int i = n - 1; i >= 0; i--) {
            inclusive[i] += self[i];
            int parent = tree.get(i)[0];
            if (parent > 0) {
                inclusive[parent - 1] += inclusive[i];
            } else if (parent == ContextCounters.FLATTENED) {
                flattened += inclusive[i];
            }
        }
        perThread.merge(thread, total, Long::sum);
        flattenedBytecodes += flattened;
        if (total == 0) {
            tree.clear();
            counts.clear();
            return;
        }
        int threadNode = nodes.size();
        nodes.add(new long[] {-1, MethodTimeSummary.THREAD_METHOD - threadNames.size(), 0, total, 0});
        threadNames.add(thread);
        int flattenedNode = -1;
        if (flattened > 0) {
            flattenedNode = nodes.size();
            nodes.add(new long[] {threadNode, MethodTimeSummary.FLATTENED_METHOD, 0, flattened, 0});
        }
        long least = 1;
        int allowed = (int) Math.min(EXPORTED_PER_THREAD, Math.max(1_000, EXPORTED_IN_ALL - exportedContexts));
        if (n > allowed) {   // the heaviest only: an ancestor weighs at least what its descendants do
            long[] sorted = inclusive.clone();
            java.util.Arrays.sort(sorted);
            least = Math.max(1, sorted[n - allowed]);
        }
        int[] exported = new int[n];
        for (int i = 0; i < n; i++) {
            exported[i] = -1;
            int parent = tree.get(i)[0];
            int to = parent == 0 ? threadNode : parent == ContextCounters.FLATTENED ? flattenedNode
                : exported[parent - 1];
            if (of[i] == null || to < 0 || inclusive[i] < least) {
                continue;
            }
            long[] c = counts.get(i);
            exported[i] = nodes.size();
            nodes.add(new long[] {to, of[i].rowId, c.length > 0 ? c[0] : 0, inclusive[i], 0});
            exportedContexts++;
        }
        tree.clear();
        counts.clear();
    }

    /** The summary's call tree, in method-time's format. */
    Map<String, Object> callTree() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(MethodTimeSummary.NODES, nodes);
        m.put(MethodTimeSummary.THREAD_NAMES, threadNames);
        return m;
    }

    /** The summary's figures of the trees. */
    Map<String, Object> figures() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(BytecodeRow.CONTEXT_COUNT, contexts);
        m.put(BytecodeRow.CONTEXTS_EXPORTED, exportedContexts);
        m.put(BytecodeRow.FLATTENED_BYTECODES, flattenedBytecodes);
        m.put(BytecodeRow.UNMATCHED_EXITS, unmatchedExits);
        m.put(BytecodeRow.DISCARDED_FRAMES, discardedFrames);
        m.put(BytecodeRow.TOO_DEEP, tooDeep);
        return m;
    }
}
