package io.taper.analysis.bytecodecount;

import io.taper.result.ResultKeys.BytecodeRow;
import io.taper.result.ResultKeys.MethodRow;
import io.taper.result.ResultKeys.MethodTimeSummary;
import io.taper.runtime.AnalysisResults;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.state.ThreadCounters;
import io.taper.runtime.state.ThreadFieldCounters;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row per method that ran: its invocations, blocks, the bytecodes it executed itself and those per kind, summed
 * over every thread; the summary adds the totals and each thread's bytecodes. Counts come from the per-thread
 * counter arrays ({@link ThreadCounters}) and the layouts the server sent with the classes, plus in an adaptive run
 * what {@link Extrapolation} adds for methods that ran entry-only (such rows are marked {@code extrapolated}; the
 * per-thread figures are the counters' alone). A {@code --contexts} run counts per calling context instead
 * ({@link ContextCounts}): its rows and totals are the contexts' sums, and the summary adds the call tree.
 */
public final class BytecodeCountResults implements AnalysisResults {

    private static final String[] KINDS = BytecodeRow.KINDS.split(",");

    /** A woven class: where it was loaded and what its counters are. */
    private record WovenClass(SiteInfo site, ClassLayout layout) {
    }

    /** The contexts {@link #rows} read, for the {@link #summary} that follows: a deep tree is read once. */
    private volatile ContextCounts lastRead;

    @Override
    public List<Map<String, Object>> rows() {
        List<Map<String, Object>> rows = new ArrayList<>();
        WovenClassIndex classes = WovenClassIndex.now();
        ContextCounts contexts = ContextCounts.read(classes);
        lastRead = contexts;
        for (Map.Entry<Integer, SiteInfo> e : classes.sites.entrySet()) {
            int slot = e.getKey();
            long[] counted = classes.counted(slot);
            long[] inContexts = contexts.perClass.get(slot);
            if (counted == null && inContexts == null && !Extrapolation.has(slot)) {
                continue;   // no method of the class ran: no row, and no layout to parse
            }
            WovenClass c = new WovenClass(e.getValue(), classes.apply(slot));
            if (c.layout == null) {
                continue;
            }
            long[] counts = counted == null ? new long[c.layout.size()]
                : counted.length == c.layout.size() ? counted : Arrays.copyOf(counted, c.layout.size());
            for (int i = 0; inContexts != null && i < counts.length && i < inContexts.length; i++) {
                counts[i] += inContexts[i];
            }
            long[] added = Extrapolation.added(c.layout.slot(), counts);
            for (int i = 0; added != null && i < counts.length && i < added.length; i++) {
                counts[i] += added[i];
            }
            // after the extrapolation, which adds to counted blocks only: derived ones follow from those
            counts = c.layout.derived(counts);
            for (int index = 0; index < c.layout.methods().size(); index++) {
                ClassLayout.Method m = c.layout.methods().get(index);
                long invocations = counts[m.invocationCounter()];
                long[] perKind = new long[ClassLayout.KINDS];
                long bytecodes = 0;
                boolean extrapolated = false;
                for (int b = 0; b < m.blocks(); b++) {
                    int i = m.firstBlockCounter() + b;
                    extrapolated |= added != null && i < added.length && added[i] > 0;
                    long n = counts[i];
                    bytecodes += n * m.lengths()[b];
                    for (int k = 0; k < perKind.length; k++) {
                        perKind[k] += n * m.kinds()[b][k];
                    }
                }
                if (invocations == 0 && bytecodes == 0) {
                    continue;
                }
                Map<String, Object> row = new LinkedHashMap<>();
                row.put(MethodRow.ID, ContextCounts.rowId(c.layout.slot(), index));
                row.put(MethodRow.CLASS, c.site.className().replace('/', '.'));
                row.put(MethodRow.METHOD, m.name());
                row.put(MethodRow.DESCRIPTOR, m.desc());
                row.put(MethodRow.LOADER, c.site.loaderTag());
                row.put(BytecodeRow.BLOCKS, m.blocks());
                row.put(MethodRow.INVOCATIONS, invocations);
                row.put(BytecodeRow.BYTECODES, bytecodes);
                Map<String, Object> kinds = new LinkedHashMap<>();
                for (int k = 0; k < KINDS.length; k++) {
                    kinds.put(KINDS[k], perKind[k]);
                }
                row.put(BytecodeRow.PER_KIND, kinds);
                row.put(BytecodeRow.EXTRAPOLATED, extrapolated);
                rows.add(row);
            }
        }
        return rows;
    }

    @Override
    public long stateBytes() {
        return ThreadCounters.bytes() + ThreadFieldCounters.bytes();
    }

    /**
     * Forgets the layouts parsed and the extrapolation's models: they are keyed by the session's site ids and class
     * slots, which the next one hands out from zero again. The counts themselves are the runtime's.
     */
    @Override
    public void reset() {
        lastRead = null;
        ParsedLayouts.clear();
        Extrapolation.clear();
    }

    @Override
    public Map<String, Object> summary() {
        WovenClassIndex classes = WovenClassIndex.now();
        PerThreadSums sums = new PerThreadSums(classes);
        ThreadCounters.visit(new ThreadCounters.Visitor() {
            @Override
            public void visit(String threadName, long threadId, int slot, long[] counts) {
                sums.add(threadName, threadId, slot, counts);
            }
        });
        ThreadFieldCounters.visit(new ThreadFieldCounters.Visitor() {
            @Override
            public void visit(String threadName, long threadId, long[] counts) {
                for (Map.Entry<Integer, int[]> e : classes.inField.entrySet()) {
                    int base = e.getValue()[0];
                    if (base < counts.length) {
                        int size = e.getValue()[1];
                        long[] slice = Arrays.copyOfRange(counts, base, base + size);
                        if (WovenClassIndex.anyCounted(slice)) {
                            sums.add(threadName, threadId, e.getKey(), slice);
                        }
                    }
                }
            }
        });
        Map<String, long[]> perThread = sums.perThread;
        long[] increments = sums.increments;
        ContextCounts contexts = lastRead;   // the agent asks for the summary right after the rows
        lastRead = null;
        if (contexts == null) {
            contexts = ContextCounts.read(classes);
        }
        contexts.perThread.forEach((thread, n) -> perThread.computeIfAbsent(thread, t -> new long[1])[0] += n);
        long total = 0;
        List<Map<String, Object>> threads = new ArrayList<>();
        for (Map.Entry<String, long[]> e : perThread.entrySet()) {
            if (e.getValue()[0] == 0) {
                continue;
            }
            total += e.getValue()[0];
            Map<String, Object> t = new LinkedHashMap<>();
            t.put(BytecodeRow.THREAD, e.getKey());
            t.put(BytecodeRow.BYTECODES, e.getValue()[0]);
            threads.add(t);
        }
        long extrapolated = 0;
        for (int slot : classes.sites.keySet()) {
            ClassLayout layout = Extrapolation.has(slot) ? classes.apply(slot) : null;
            if (layout == null) {
                continue;
            }
            long[] counts = WovenClassIndex.sum(layout);
            long[] added = Extrapolation.added(layout.slot(), counts);
            if (added == null) {
                continue;
            }
            // what the extrapolation adds to the counted blocks and, through them, to the derived ones
            long[] without = layout.derived(counts);
            for (int i = 0; i < Math.min(added.length, counts.length); i++) {
                counts[i] += added[i];
            }
            long[] with = layout.derived(counts);
            long[] w = layout.weights();
            for (int i = 0; i < Math.min(with.length, w.length); i++) {
                extrapolated += (with[i] - without[i]) * w[i];
            }
        }
        long[] f = ThreadCounters.figures();
        long[] g = ThreadFieldCounters.figures();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(BytecodeRow.TOTAL_BYTECODES, total + extrapolated);
        m.put(BytecodeRow.EXTRAPOLATED_BYTECODES, extrapolated);
        m.put("classes", classes.sites.size());
        m.put(BytecodeRow.THREADS, threads);
        m.put("threadsRegistered", f[0] + g[0]);
        m.put("threadsExited", f[1] + g[1]);
        m.put("threadsTakingOverArrays", g[3]);
        // threads whose arrays could not grow within --max-state count into one shared array, where two increments
        // of one counter at the same moment may lose one: the counts are then a lower bound
        m.put("threadsPastCounterBudget", g[4]);
        m.put("countsExact", g[5] == 0);
        m.put("counterArrays", f[3]);
        m.put("counterArraysOwned", f[5]);
        m.put("slotsOutOfRange", f[4]);
        m.put("counterIncrements", increments[0]);
        m.put("blockEntriesDerived", increments[1]);
        m.put("arraysWithoutLayout", sums.unnamed);
        if (contexts.any) {
            m.put(BytecodeRow.CONTEXTS, contexts.figures());
            m.put(MethodTimeSummary.CALL_TREE, contexts.callTree());
        }
        return m;
    }

    /** Bytecodes per thread from its arrays of each class, as the counters' readers hand them over. */
    private static final class PerThreadSums {
        final WovenClassIndex classes;
        final Map<Integer, long[]> weights = new HashMap<>();   // of the classes with counters, computed when first met
        final Map<String, long[]> perThread = new LinkedHashMap<>();
        final long[] increments = {0, 0};   // counted, derived (not counted: their blocks' entries follow from others')
        long unnamed;

        PerThreadSums(WovenClassIndex classes) {
            this.classes = classes;
        }

        void add(String threadName, long threadId, int slot, long[] counts) {
            ClassLayout layout = classes.apply(slot);
            if (layout == null) {
                unnamed++;
                return;
            }
            long[] w = weights.get(slot);
            if (w == null) {
                w = layout.weights();
                weights.put(slot, w);
            }
            long[] all = layout.derived(counts);
            String key = threadName == null ? BytecodeRow.EXITED_THREADS : threadName + " #" + threadId;
            long[] sum = perThread.get(key);
            if (sum == null) {
                sum = new long[1];
                perThread.put(key, sum);
            }
            for (int i = 0; i < Math.min(w.length, all.length); i++) {
                sum[0] += all[i] * w[i];
                increments[0] += counts[i];
                increments[1] += all[i] - counts[i];
            }
        }
    }
}
