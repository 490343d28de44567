package io.taper.analysis.methodtime;

import io.taper.result.ResultKeys.MethodRow;
import io.taper.result.ResultKeys.MethodTimeSummary;
import io.taper.runtime.AnalysisResults;
import io.taper.runtime.StateBudget;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The method-time table: one row per method observed on any thread (definitions in {@link MergedProfile}),
 * hottest estimated inclusive time first:
 * <pre>
 * id, class, method, descriptor, loader, invocations, inclusiveNanos, estimatedInclusiveNanos,
 * exclusiveNanos, totalNanos, minNanos, maxNanos, meanNanos, openFrames, removed, [removedAtMillis],
 * callers: [{caller, calls, nanos}]
 * </pre>
 * {@code caller} is another row's {@code id} (-1: no observed caller, -2: a flattened context).
 * {@code estimatedInclusiveNanos} is {@link InclusiveEstimate}'s for a removed method, its
 * {@code inclusiveNanos} for any other. The summary holds the counters of tolerated anomalies, what the
 * estimate added ({@code estimate}) and the merged call tree, its heaviest part ({@code callTree.nodes}:
 * {@code [parent, method id, calls, nanos]}, parent -1 at the top, method -2 for flattened contexts). Rows
 * and summary come from one snapshot per instance.
 */
public final class MethodTimeResults implements AnalysisResults {

    /**
     * The call tree in the summary keeps at most this many contexts, and none with less than
     * {@link #MIN_EXPORTED_SHARE} of all observed time: a graph cannot show them, and their full paths would
     * make the collapsed-stack file huge (real programs have tens of thousands of contexts, 25 deep on
     * average). Per-method rows and their callers stay complete.
     */
    static final int MAX_EXPORTED_CONTEXTS = 20_000;
    static final double MIN_EXPORTED_SHARE = 1e-5;

    private MergedProfile profile;
    private long[] estimated;      // per method slot, see InclusiveEstimate

    @Override
    public List<Map<String, Object>> rows() {
        MergedProfile p = profile();
        long[] est = estimated();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int m = 0; m < p.methods; m++) {
            if (p.seen[m]) {
                rows.add(row(p, m, est[m]));
            }
        }
        rows.sort(BY_ESTIMATED_INCLUSIVE);
        return rows;
    }

    @Override
    public Map<String, Object> summary() {
        MergedProfile p = profile();
        Map<String, Object> s = new LinkedHashMap<>();
        long methods = 0;
        long openFrames = 0;
        for (int m = 0; m < p.methods; m++) {
            if (p.seen[m]) {
                methods++;
                openFrames += p.open[m];
            }
        }
        s.put("methods", methods);
        s.put("threads", (long) p.threads);
        s.put("liveThreads", ThreadProfiles.liveThreads());
        s.put("threadsMerged", ThreadProfiles.threadsFolded());
        // threads that started past the state budget: calls and times per method, no paths, no waiting
        s.put("threadsPastStateBudget", ThreadProfiles.threadsPastBudget());
        s.put("threadGroups", ThreadProfiles.groups());
        s.put("stateBudgetReached", StateBudget.reached());
        s.put("contexts", p.contexts);
        List<Map<String, Object>> threadTimes = new ArrayList<>();
        for (Object[] t : p.threadTimes) {
            Map<String, Object> tt = new LinkedHashMap<>();
            tt.put(MethodTimeSummary.THREAD, t[0]);
            tt.put(MethodTimeSummary.THREAD_COUNT, t[1]);
            tt.put(MethodTimeSummary.OBSERVED_NANOS, t[2]);
            tt.put(MethodRow.WAITING_NANOS, t[3]);
            threadTimes.add(tt);
        }
        s.put(MethodTimeSummary.THREADS, threadTimes);
        s.put("truncatedContexts", p.truncatedContexts);
        s.put(MethodTimeSummary.FLATTENED_NANOS, p.flattenedNanos);
        s.put(MethodTimeSummary.CONTEXT_CUTS, p.cuts);
        s.put(MethodTimeSummary.CUT_NANOS, p.cutNanos);
        s.put(MethodTimeSummary.CUT_PAUSE_NANOS, p.cutPauseNanos);
        s.put(MethodTimeSummary.AGENT_NANOS, p.agentNanos);
        s.put("openFrames", openFrames);
        s.put("unmatchedExits", p.unmatchedExits);
        List<String> unmatched = new ArrayList<>();
        for (int m : p.unmatchedMethods) {
            if (m < p.methods) {
                unmatched.add(MethodIds.method(m).toString());
            }
        }
        s.put("unmatchedExitMethods", unmatched);
        s.put("discardedFrames", p.discardedFrames);
        s.put("unknownSites", p.unknownSites);
        s.put("tooDeepEntries", p.tooDeep);
        s.put("removedMethods", (long) Removals.count());
        s.put("estimate", estimateSummary(p, estimated(), RemovalBaselines.RECORDED.methods().length));
        s.put(MethodTimeSummary.OBSERVED_NANOS, p.tree.totalNanos());
        long total = p.tree.totalNanos();
        long minNanos = (long) (total * MIN_EXPORTED_SHARE);
        List<long[]> nodes = p.tree.export(MAX_EXPORTED_CONTEXTS, minNanos);
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("format", "[parent, method id, calls, nanos, waiting nanos]");
        tree.put("contexts", (long) (p.tree.size() - 1));
        tree.put("exported", (long) nodes.size());
        tree.put("minNanos", minNanos);
        tree.put(MethodTimeSummary.NODES, nodes);
        tree.put(MethodTimeSummary.THREAD_NAMES, new ArrayList<>(p.threadNames));
        s.put(MethodTimeSummary.CALL_TREE, tree);
        return s;
    }

    /** The thread profiles' arrays, the method table's entries. */
    @Override
    public long stateBytes() {
        return ThreadProfiles.bytes() + 96L * MethodIds.size();
    }

    /**
     * Ends the samplers (the removed methods' and the thread states') and forgets every profile, method, removal,
     * baseline and sample: after a detach the next session numbers its sites and methods from zero, starts its own
     * samplers and reports only what it records. The Flight Recorder, if Taper started it, stays initialised (the JVM
     * cannot take it back), and its threads stay Taper's ({@link RecorderThreads}).
     */
    @Override
    public synchronized void reset() {
        profile = null;
        estimated = null;
        ThreadStateSampler.reset();
        SamplerThreads.endAll();
        SampledTimes.reset();
        RemovalBaselines.RECORDED.clear();
        Removals.clear();
        ThreadProfiles.clear();
        MethodIds.clear();
    }

    private synchronized MergedProfile profile() {
        if (profile == null) {
            profile = snapshot();
        }
        return profile;
    }

    private synchronized long[] estimated() {
        if (estimated == null) {
            SampledTimes samples = SampledTimes.recorded();
            long[] raw = samples.any()
                ? InclusiveEstimate.fromSamples(profile(), samples)
                : InclusiveEstimate.of(profile(), RemovalBaselines.RECORDED);
            estimated = InclusiveEstimate.bounded(profile(), raw, profile().tree.totalNanos());
        }
        return estimated;
    }

    /**
     * What the estimate did: where it came from (samples after the removal, the callers' time shared out
     * as at the removal, or none: nothing removed), removed methods with baselines, those whose estimate exceeds their measured
     * inclusive time, and the nanoseconds it added in all.
     */
    private static Map<String, Object> estimateSummary(MergedProfile p, long[] estimated, int baselineMethods) {
        long extrapolated = 0;
        long addedNanos = 0;
        for (int m = 0; m < p.methods; m++) {
            if (p.seen[m] && estimated[m] > p.inclusive[m]) {
                extrapolated++;
                addedNanos += estimated[m] - p.inclusive[m];
            }
        }
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("from", SampledTimes.recorded().any() ? "samples" : baselineMethods > 0 ? "callers" : "none");
        e.put("baselineMethods", (long) baselineMethods);
        e.put("extrapolatedMethods", extrapolated);
        e.put("addedNanos", addedNanos);
        return e;
    }

    /** Every thread's profile now, merged. */
    static MergedProfile snapshot() {
        List<ThreadProfile.Snapshot> snapshots = ThreadProfiles.snapshots(System.nanoTime());
        // read after the copies: every method slot they hold is below it
        int methods = MethodIds.size();
        boolean[] shutdown = new boolean[methods];
        for (int m = 0; m < methods; m++) {
            shutdown[m] = SHUTDOWN_CLASS.equals(MethodIds.method(m).className);
        }
        return MergedProfile.merge(snapshots, methods, shutdown);
    }

    /** The JVM's shutdown sequence: open frames are cut there (see {@link MergedProfile#merge(List, int, boolean[])}). */
    static final String SHUTDOWN_CLASS = "java/lang/Shutdown";

    private static Map<String, Object> row(MergedProfile p, int m, long estimatedInclusive) {
        MethodKey k = MethodIds.method(m);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put(MethodRow.ID, (long) m);
        r.put(MethodRow.CLASS, k.binaryClassName());
        r.put(MethodRow.METHOD, k.name);
        r.put(MethodRow.DESCRIPTOR, k.descriptor);
        r.put(MethodRow.LOADER, (long) k.loaderTag);
        long calls = p.invocations[m];
        r.put(MethodRow.INVOCATIONS, calls);
        r.put(MethodRow.INCLUSIVE_NANOS, p.inclusive[m]);
        r.put(MethodRow.ESTIMATED_INCLUSIVE_NANOS, estimatedInclusive);
        r.put(MethodRow.EXCLUSIVE_NANOS, p.exclusive[m]);
        r.put("totalNanos", p.total[m]);
        r.put("minNanos", calls == 0 ? 0L : p.min[m]);
        r.put("maxNanos", calls == 0 ? 0L : p.max[m]);
        r.put(MethodRow.MEAN_NANOS, calls == 0 ? 0L : p.total[m] / calls);
        r.put(MethodRow.OPEN_FRAMES, p.open[m]);
        r.put(MethodRow.MAX_RECURSION, p.recursion[m]);
        r.put(MethodRow.WAITING_NANOS, p.waiting[m]);
        r.put(MethodRow.SELF_WAITING_NANOS, Math.min(p.selfWaiting[m], p.exclusive[m]));
        r.put(MethodRow.RUNNING_NANOS, Math.max(0, estimatedInclusive - p.waiting[m]));
        long removedAt = Removals.removedAtMillis(m);
        r.put(MethodRow.REMOVED, removedAt >= 0);
        if (removedAt >= 0) {
            r.put(MethodRow.REMOVED_AT_MILLIS, removedAt);
        }
        List<Map<String, Object>> callers = new ArrayList<>();
        for (long[] e : p.callersOf(m)) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("caller", e[0]);
            c.put("calls", e[1]);
            c.put("nanos", e[2]);
            callers.add(c);
        }
        r.put("callers", callers);
        return r;
    }

    private static final Comparator<Map<String, Object>> BY_ESTIMATED_INCLUSIVE = new Comparator<>() {
        @Override
        public int compare(Map<String, Object> a, Map<String, Object> b) {
            int c = Long.compare((Long) b.get("estimatedInclusiveNanos"), (Long) a.get("estimatedInclusiveNanos"));
            if (c == 0) {
                c = Long.compare((Long) b.get("inclusiveNanos"), (Long) a.get("inclusiveNanos"));
            }
            return c != 0 ? c : Long.compare((Long) a.get("id"), (Long) b.get("id"));
        }
    };
}
