package io.taper.analysis.methodtime;

import java.util.Arrays;

/**
 * An estimate of each removed method's inclusive time at the end of the run. Once its instrumentation is
 * removed, a method's inclusive time freezes while its callers' keeps growing, so a method removed early
 * ranks far below where a sampling profiler puts it. The estimate assumes that a removed method keeps the
 * share of each caller's time it had at its removal ({@link RemovalBaselines}):
 * <pre>
 * est(M) = inclusive(M) + sum over callers C of e(C, M) / I(C) * max(0, final(C) - I(C))
 * </pre>
 * where e(C, M) and I(C) are the edge's and the caller's inclusive time at M's removal, and final(C) is
 * est(C) if C was removed too, else C's inclusive time at the end. A caller whose estimate is still being
 * computed (a cycle of removed methods calling each other) counts with its measured inclusive time, and
 * a caller with no time at the removal is skipped. A method without baselines keeps its inclusive time.
 */
final class InclusiveEstimate {

    private static final byte TODO = 0;
    private static final byte IN_PROGRESS = 1;
    private static final byte DONE = 2;

    private final long[] inclusive;
    private final RemovalBaselines baselines;
    private final long[] estimated;
    private final byte[] state;

    private InclusiveEstimate(long[] inclusive, RemovalBaselines baselines) {
        this.inclusive = inclusive;
        this.baselines = baselines;
        this.estimated = inclusive.clone();
        this.state = new byte[inclusive.length];
    }

    /** Per method slot, the estimated inclusive nanoseconds; {@code inclusive} is the run's final, per slot. */
    static long[] of(long[] inclusive, RemovalBaselines baselines) {
        InclusiveEstimate e = new InclusiveEstimate(inclusive, baselines);
        for (int m : baselines.methods()) {
            if (m < inclusive.length) {
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
            long growth = Math.max(0, callerFinal - callerThen);
            // the edge is part of the caller's time; a snapshot read while calls complete may disagree slightly
            long edge = Math.min(Math.max(0, b[i + RemovalBaselines.EDGE_NANOS]), callerThen);
            added += (double) edge * growth / callerThen;
        }
        return inclusive[m] + Math.round(added);
    }

    private boolean isSlot(int method) {
        return method >= 0 && method < inclusive.length;
    }
}
