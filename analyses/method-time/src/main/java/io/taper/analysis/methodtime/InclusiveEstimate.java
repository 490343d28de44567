package io.taper.analysis.methodtime;

import java.util.Arrays;

/**
 * An estimate of each removed method's inclusive time at the end of the run. Once its instrumentation is
 * removed, a method's inclusive time freezes while its callers' keeps growing, so a method removed early
 * ranks far below where a sampling profiler puts it. By default the removed methods are sampled
 * ({@link #fromSamples}); with sampling off, {@link #of} extrapolates instead. That estimate assumes that a removed method keeps the
 * share of each caller's time it had at its removal ({@link RemovalBaselines}): under caller C, M's time at
 * the end is e(C, M) / I(C) * final(C), of which the edge's measured time at the end, m(C, M), is counted
 * already:
 * <pre>
 * est(M) = inclusive(M) + sum over callers C of max(0, e(C, M) / I(C) * final(C) - m(C, M))
 * </pre>
 * where e(C, M) and I(C) are the edge's and the caller's inclusive time at M's removal, and final(C) is
 * est(C) if C was removed too, else C's inclusive time at the end. When M's time froze right at the
 * baseline (m = e) this is {@code inclusive(M) + e / I * (final(C) - I(C))}. Subtracting the edge's final
 * time rather than its time at the baseline matters because the removal takes effect only once the
 * controller has retransformed M's class, which can take a second on a big program: the time M gathers
 * meanwhile is in its inclusive time and again in its callers' later time, and in a chain of methods
 * removed together the callee's estimate would gather it once per level and overtake its callers'.
 *
 * <p>A caller whose estimate is still being computed (a cycle of removed methods calling each other)
 * counts with its measured inclusive time, and a caller with no time at the removal is skipped. A method
 * without baselines keeps its inclusive time.
 */
final class InclusiveEstimate {

    private static final byte TODO = 0;
    private static final byte IN_PROGRESS = 1;
    private static final byte DONE = 2;

    private final MergedProfile end;
    private final long[] inclusive;
    private final RemovalBaselines baselines;
    private final long[] estimated;
    private final byte[] state;

    private InclusiveEstimate(MergedProfile end, RemovalBaselines baselines) {
        this.end = end;
        this.inclusive = end.inclusive;
        this.baselines = baselines;
        this.estimated = inclusive.clone();
        this.state = new byte[inclusive.length];
    }

    /**
     * Per method slot, the measured inclusive nanoseconds plus, for a removed method the sampler followed,
     * the time its samples saw after the removal ({@link SampledTimes}).
     */
    static long[] fromSamples(MergedProfile end, SampledTimes samples) {
        long[] estimated = end.inclusive.clone();
        for (int m = 0; m < estimated.length; m++) {
            if (samples.isWatched(m)) {
                estimated[m] += samples.nanosOf(m);
            }
        }
        return estimated;
    }

    /** Per method slot, the estimated inclusive nanoseconds, from the profile at the end of the run. */
    static long[] of(MergedProfile end, RemovalBaselines baselines) {
        InclusiveEstimate e = new InclusiveEstimate(end, baselines);
        for (int m : baselines.methods()) {
            if (m < end.inclusive.length) {
                e.resolve(m);
            }
        }
        return e.estimated;
    }

    /**
     * Estimates {@code root} after its removed callers, depth first with an explicit stack (chains of
     * removed callers can be thousands long): an entry {@code m} schedules m's computation ({@code ~m})
     * after its callers not estimated yet.
     */
    private void resolve(int root) {
        int[] stack = new int[16];
        int sp = 0;
        stack[sp++] = root;
        while (sp > 0) {
            int entry = stack[--sp];
            if (entry < 0) {
                int m = ~entry;
                estimated[m] = estimate(m);
                state[m] = DONE;
                continue;
            }
            if (state[entry] != TODO) {
                continue;                                  // reached again through another callee
            }
            state[entry] = IN_PROGRESS;
            long[] b = baselines.of(entry);
            int need = 1 + (b == null ? 0 : b.length / RemovalBaselines.FIELDS);
            if (sp + need > stack.length) {
                stack = Arrays.copyOf(stack, Math.max(stack.length * 2, sp + need));
            }
            stack[sp++] = ~entry;
            for (int i = 0; b != null && i < b.length; i += RemovalBaselines.FIELDS) {
                int caller = (int) b[i + RemovalBaselines.CALLER];
                if (isSlot(caller) && state[caller] == TODO && baselines.has(caller)) {
                    stack[sp++] = caller;
                }
            }
        }
    }

    private long estimate(int m) {
        long[] b = baselines.of(m);
        double added = 0;
        for (int i = 0; b != null && i < b.length; i += RemovalBaselines.FIELDS) {
            int caller = (int) b[i + RemovalBaselines.CALLER];
            long callerThen = b[i + RemovalBaselines.CALLER_NANOS];
            if (!isSlot(caller) || callerThen <= 0) {
                continue;
            }
            // a cycle: the caller's own estimate waits for this one, so its measured time stands in
            long callerFinal = state[caller] == IN_PROGRESS ? inclusive[caller] : estimated[caller];
            // the edge is part of the caller's time; a snapshot read while calls complete may disagree slightly
            long edge = Math.min(Math.max(0, b[i + RemovalBaselines.EDGE_NANOS]), callerThen);
            double underCaller = (double) edge * callerFinal / callerThen;
            added += Math.max(0, underCaller - end.edgeNanos(caller, m));
        }
        return inclusive[m] + Math.round(added);
    }

    /**
     * Caps each estimate (in place) at what its callers allow: no more than the time of the callers its outermost
     * calls came from (their estimates where they have one; a thread's root frame: all threads' observed time),
     * and never more than all threads' observed time. A method's own re-entries and calls that carried no time (a
     * folded recursion's alias edges) do not widen the cap, so a recursive chain removed together is counted once.
     * Estimates only come down, and a caller's cap is applied before it caps its callees (a few passes settle
     * chains; a cycle of removed callers keeps the looser cap).
     *
     * @param total all threads' observed nanoseconds
     */
    static long[] bounded(MergedProfile end, long[] estimated, long total) {
        long[] out = estimated.clone();
        for (int pass = 0; pass < 4; pass++) {
            boolean changed = false;
            for (int m = 0; m < out.length; m++) {
                if (out[m] <= end.inclusive[m]) {
                    continue;                              // measured time stands: only estimates are capped
                }
                long cap = 0;
                for (long[] e : end.callersOf(m)) {
                    int caller = (int) e[0];
                    if (caller == m || e[2] <= 0) {
                        continue;
                    }
                    cap += caller >= 0 && caller < out.length ? out[caller] : total;
                    if (cap >= total) {
                        break;
                    }
                }
                long capped = Math.max(end.inclusive[m], Math.min(out[m], Math.min(cap, total)));
                if (capped != out[m]) {
                    out[m] = capped;
                    changed = true;
                }
            }
            if (!changed) {
                break;
            }
        }
        return out;
    }

    private boolean isSlot(int method) {
        return method >= 0 && method < inclusive.length;
    }
}
