package io.taper.analysis.methodtime;

import io.taper.runtime.control.ControlContext;
import io.taper.runtime.control.ControllerStrategy;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import io.taper.runtime.control.StrategyOptions;
import java.util.Map;
import java.util.Set;

/**
 * The controller strategy {@code method-time[:key=value,...]} (options and defaults: {@link #DEFAULT_OPTIONS}, see
 * {@link RemovalPolicy}): each step sums every
 * thread's completed calls per method and finds the cheap methods. Those whose sites are to be switched off
 * ({@link RemovalPolicy.How}) go at once; of the others, {@link RemovalPacing} says which go now, and their
 * sites are disabled, which re-weaves their classes. A
 * removed method stays removed (its row keeps what it had and says so). Once its removal has taken effect
 * (at once for a switch, from the next step for a re-weaving), the {@link RemovedMethodSampler} follows it on
 * the threads' stacks, and the
 * results add what the samples saw to its measured inclusive time ({@link InclusiveEstimate}). With sampling
 * off, a step that removes methods records how they stood with their callers instead
 * ({@link RemovalBaselines}), and the results extrapolate from that.
 */
public final class MethodTimeStrategy implements ControllerStrategy {

    public static final String NAME = "method-time";

    /** Every option with its default, as a spec spells them ({@code ./taper run --help} lists the same). */
    public static final String DEFAULT_OPTIONS = StrategyOptions.describe(RemovalPolicy.defaultOptions());

    private RemovalPolicy policy = RemovalPolicy.defaults();
    private RemovalPacing pacing = new RemovalPacing(policy);
    // the cost of the baselines: one merged snapshot of all threads per step that removes methods
    private long baselineSteps;
    private long baselineNanos;
    // removed in the previous step: their sites are gone once that step's retransformation has run
    private int[] lastRemoved = new int[0];
    private int lastRemovedCount;
    private boolean samplerStarted;
    // methods removed by switching their sites off, and classes re-woven by a removal
    private final BitSet switched = new BitSet();
    private final Set<String> rewovenClasses = new HashSet<>();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void configure(String argument) {
        policy = RemovalPolicy.parse(argument);
        pacing = new RemovalPacing(policy);
    }

    @Override
    public long periodMillis() {
        return policy.periodMillis;
    }

    @Override
    public long delayMillis(long elapsedMillis) {
        return policy.delayMillis(elapsedMillis);
    }

    @Override
    public void step(ControlContext context) {
        watchLastRemoved();
        int methods = MethodIds.size();
        long[] calls = new long[methods];
        long[] nanos = new long[methods];
        for (ThreadProfile p : ThreadProfiles.all()) {
            p.addMethodTotals(calls, nanos);
        }
        List<Integer> cheap = new ArrayList<>();
        List<Integer> toSwitch = new ArrayList<>();
        for (int m = 0; m < methods; m++) {
            if (!Removals.isRemoved(m) && policy.isCheap(calls[m], nanos[m])) {
                (switchesNow(m) ? toSwitch : cheap).add(m);
            }
        }
        // Most called first: their sites are disabled first, so their classes go in the first batches.
        cheap.sort(new MostCalledFirst(calls));
        List<Integer> now = new ArrayList<>(toSwitch);
        now.addAll(pacing.choose(cheap, calls, context.elapsedMillis()));   // also when empty: it keeps the rates
        int[] removed = new int[Math.max(1, now.size())];
        int count = 0;
        for (Integer m : now) {
            if (Removals.mark(m, context.elapsedMillis())) {
                removed[count++] = m;
            }
        }
        if (count > 0 && policy.sampleMillis == 0) {
            recordBaselines(removed, count);
        }
        int[] switchedNow = new int[count];
        int switchedCount = 0;
        int rewovenCount = 0;
        for (int i = 0; i < count; i++) {
            int m = removed[i];
            if (switchesNow(m)) {
                switched.set(m);
                switchedNow[switchedCount++] = m;
            } else {
                removed[rewovenCount++] = m;
            }
        }
        for (int i = 0; i < rewovenCount; i++) {
            rewovenClasses.add(RemovalPacing.classOf(removed[i]));
        }
        applyRemovals(context);
        watch(switchedNow, switchedCount);           // a switch takes effect at once
        lastRemoved = removed;                        // a re-weaving by the next step
        lastRemovedCount = rewovenCount;
    }

    /** True if a method removed now is switched off rather than re-woven (see {@link RemovalPolicy.How}). */
    private boolean switchesNow(int m) {
        return policy.how == RemovalPolicy.How.SWITCH
            || policy.how == RemovalPolicy.How.ONCE && rewovenClasses.contains(RemovalPacing.classOf(m));
    }

    /** Hands the previous step's re-woven removals to the sampler: by now their classes are re-woven. */
    private void watchLastRemoved() {
        watch(lastRemoved, lastRemovedCount);
        lastRemovedCount = 0;
    }

    /**
     * Hands removals that have taken effect to the sampler, starting it with the first: sampled earlier, a
     * method whose instrumentation still ran would count twice.
     */
    private void watch(int[] methods, int count) {
        if (count == 0 || policy.sampleMillis == 0) {
            return;
        }
        SampledTimes times = SampledTimes.recorded();
        for (int i = 0; i < count; i++) {
            times.watch(methods[i], MethodIds.method(methods[i]));
        }
        if (!samplerStarted) {
            samplerStarted = true;
            if (policy.sampler != RemovalPolicy.Sampler.JFR || !startRecorder(times)) {
                RemovedMethodSampler.start(times, policy.sampleMillis);
            }
        }
    }

    /** Starts the Flight Recorder's sampler; false if this JVM has none (a runtime image without {@code jdk.jfr}). */
    private boolean startRecorder(SampledTimes times) {
        try {
            return JfrMethodSampler.start(times, policy.sampleMillis);
        } catch (LinkageError e) {
            return false;
        }
    }

    /**
     * The removed methods' baselines, read before their sites go (the step only stages the removal), from
     * the live trees and only for the methods involved ({@link BaselineScan}): a full snapshot copies every
     * tree, at every step that removes a method.
     */
    private synchronized void recordBaselines(int[] removed, int count) {
        long start = System.nanoTime();
        RemovalBaselines.RECORDED.record(removed, count,
            BaselineScan.of(removed, count, MethodIds.size(), System.nanoTime()));
        baselineNanos += System.nanoTime() - start;
        baselineSteps++;
    }

    /** The cost of the baselines (steps that took a snapshot for them, their milliseconds) and the removals by pace. */
    @Override
    public synchronized Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("baselineSteps", baselineSteps);
        m.put("baselineMillis", Math.round(baselineNanos / 1e3) / 1e3);
        m.put("hotRemovals", pacing.hotRemovals());
        m.put("sameClassRemovals", pacing.sameClassRemovals());
        m.put("roundRemovals", pacing.roundRemovals());
        m.put("rounds", pacing.rounds());
        m.putAll(SampledTimes.recorded().stats());
        return m;
    }

    /**
     * Takes every site of a removed method out, entry or exit: switched off, or disabled (its class re-woven
     * without it). Run on every step, not only when a method is newly removed: a site first fires (and joins its
     * method) possibly after the removal. The exit snippets go by their entry's token, so switching their sites
     * off changes nothing but says what is removed.
     */
    private void applyRemovals(ControlContext context) {
        for (int m : Removals.methods()) {
            boolean off = switched.get(m);
            for (int site : MethodIds.sitesOf(m)) {
                if (off) {
                    context.switchOff(site);
                } else if (!context.isDisabled(site)) {
                    context.disable(site);
                }
            }
        }
    }

    /** Method slots by completed calls, most first (a class, not a lambda: see {@link MergedProfile}). */
    private static final class MostCalledFirst implements java.util.Comparator<Integer> {
        private final long[] calls;

        MostCalledFirst(long[] calls) {
            this.calls = calls;
        }

        @Override
        public int compare(Integer a, Integer b) {
            return Long.compare(calls[b], calls[a]);
        }
    }

    /** The policy in force (for tests and statistics). */
    RemovalPolicy policy() {
        return policy;
    }
}
