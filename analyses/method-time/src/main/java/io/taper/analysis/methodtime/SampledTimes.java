package io.taper.analysis.methodtime;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What the {@link RemovedMethodSampler} saw of the removed methods: per method slot, the wall-clock
 * nanoseconds of the samples that found it on a thread's stack after its removal took effect. The sampler
 * writes, the results read at shutdown: every access is synchronized.
 *
 * <p>A stack frame names no descriptor (nor loader): a frame whose class and name a removed method shares
 * with other known methods (overloads, removed or not) belongs to one of them, so each removed one gets an equal
 * part of it ({@link Namesakes#share}; the sampler counts the frames of a name at distinct lines as that many).
 */
final class SampledTimes {

    /** The samples of this session, taken by the sampler {@link MethodTimeStrategy} starts. */
    private static volatile SampledTimes recorded = new SampledTimes();

    static SampledTimes recorded() {
        return recorded;
    }

    /**
     * The next session's samples, none yet: after a detach its method slots are numbered from zero again. Replaced
     * rather than cleared: a sampler that has not ended yet adds to the old ones, which nobody reads.
     */
    static void reset() {
        recorded = new SampledTimes();
    }

    // class binary name -> method name -> the removed slots with that name
    private final HashMap<String, HashMap<String, int[]>> watched = new HashMap<>();
    // class binary name -> method name + descriptor -> the removed slots (one per defining loader)
    private final HashMap<String, HashMap<String, int[]>> exact = new HashMap<>();
    private boolean[] isWatched = new boolean[64];
    private double[] nanos = new double[64];
    private Map<String, Map<String, Namesakes>> view;
    private Map<String, Map<String, Namesakes>> exactView;
    private String sampler = "none";
    private long samples;
    private long threadStacks;
    private long sampleNanos;       // the sampler's own cost
    private String failure;

    /** Starts counting samples for a removed method (its sites are gone by now). */
    synchronized void watch(int m, MethodKey k) {
        grow(m);
        if (isWatched[m]) {
            return;
        }
        isWatched[m] = true;
        String className = k.binaryClassName();
        HashMap<String, int[]> byName = watched.get(className);
        if (byName == null) {
            byName = new HashMap<>();
            watched.put(className, byName);
        }
        int[] old = byName.get(k.name);
        int[] now = old == null ? new int[1] : Arrays.copyOf(old, old.length + 1);
        now[now.length - 1] = m;
        byName.put(k.name, now);
        view = null;
        HashMap<String, int[]> bySignature = exact.get(className);
        if (bySignature == null) {
            bySignature = new HashMap<>();
            exact.put(className, bySignature);
        }
        bySignature.merge(k.name + k.descriptor, new int[] {m}, SampledTimes::concat);
        exactView = null;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /**
     * The watched methods by class binary name and method name followed by descriptor ({@code get(I)I}), for a
     * sampler whose frames name the descriptor: a frame is exactly one method, shared only among the loaders
     * that define a class of that name. A copy made again only after {@link #watch}.
     */
    synchronized Map<String, Map<String, Namesakes>> exactView() {
        if (exactView == null) {
            HashMap<String, Map<String, Namesakes>> copy = new HashMap<>(exact.size() * 2);
            for (Map.Entry<String, HashMap<String, int[]>> c : exact.entrySet()) {
                HashMap<String, Namesakes> bySignature = new HashMap<>();
                for (Map.Entry<String, int[]> m : c.getValue().entrySet()) {
                    bySignature.put(m.getKey(), new Namesakes(m.getValue(), 1.0 / m.getValue().length));
                }
                copy.put(c.getKey(), bySignature);
            }
            exactView = copy;
        }
        return exactView;
    }

    /** True once any method is watched: the estimate then comes from samples. */
    synchronized boolean any() {
        return !watched.isEmpty();
    }

    /** True if the method's samples are counted. */
    synchronized boolean isWatched(int m) {
        return m >= 0 && m < isWatched.length && isWatched[m];
    }

    /**
     * The watched methods by class binary name and method name, a copy the sampler reads without the lock
     * for a whole round (made again only after {@link #watch}).
     */
    synchronized Map<String, Map<String, Namesakes>> view() {
        if (view == null) {
            Map<String, Map<String, Integer>> known = knownNamesakes();
            HashMap<String, Map<String, Namesakes>> copy = new HashMap<>(watched.size() * 2);
            for (Map.Entry<String, HashMap<String, int[]>> c : watched.entrySet()) {
                Map<String, Integer> knownHere = known.get(c.getKey());
                HashMap<String, Namesakes> byName = new HashMap<>();
                for (Map.Entry<String, int[]> m : c.getValue().entrySet()) {
                    Integer all = knownHere == null ? null : knownHere.get(m.getKey());
                    int[] slots = m.getValue();
                    byName.put(m.getKey(), new Namesakes(slots, 1.0 / Math.max(slots.length, all == null ? 0 : all)));
                }
                copy.put(c.getKey(), byName);
            }
            view = copy;
        }
        return view;
    }

    /** How many known methods (any the program ran) share each watched class and method name. */
    private Map<String, Map<String, Integer>> knownNamesakes() {
        Map<String, Map<String, Integer>> known = new HashMap<>();
        int methods = MethodIds.size();
        for (int slot = 0; slot < methods; slot++) {
            MethodKey k = MethodIds.method(slot);
            String className = k.binaryClassName();
            HashMap<String, int[]> byName = watched.get(className);
            if (byName != null && byName.containsKey(k.name)) {
                Map<String, Integer> counts = known.get(className);
                if (counts == null) {
                    counts = new HashMap<>();
                    known.put(className, counts);
                }
                Integer n = counts.get(k.name);
                counts.put(k.name, n == null ? 1 : n + 1);
            }
        }
        return known;
    }

    /** The removed methods a frame of one class and name may be, and the part of a sample each gets. */
    static final class Namesakes {
        final int[] slots;
        final double share;

        Namesakes(int[] slots, double share) {
            this.slots = slots;
            this.share = share;
        }
    }

    /** Adds one thread's stack: {@code credit[m]} (0 .. 1, per slot in {@code slots}) of {@code interval} nanoseconds. */
    synchronized void add(int[] slots, double[] credit, int count, long interval) {
        for (int i = 0; i < count; i++) {
            int m = slots[i];
            grow(m);
            nanos[m] += credit[i] * interval;
        }
        threadStacks++;
    }

    /**
     * Adds a window of one thread's {@code stacks} samples: {@code shares[i]} (summed over the samples) of
     * {@code perSample} nanoseconds for slot {@code slots[i]}.
     */
    synchronized void add(int[] slots, double[] shares, int count, long perSample, int stacks) {
        for (int i = 0; i < count; i++) {
            int m = slots[i];
            grow(m);
            nanos[m] += shares[i] * perSample;
        }
        threadStacks += stacks;
    }

    /** One sampling round took {@code cost} nanoseconds of the sampler's time. */
    synchronized void sampled(long cost) {
        samples++;
        sampleNanos += cost;
    }

    /** Which sampler takes the samples ({@code jfr} or {@code stacks}), for the statistics. */
    synchronized void sampledBy(String name) {
        sampler = name;
    }

    /** The sampler stopped on this error (the first is kept). */
    synchronized void failed(Throwable e) {
        if (failure == null) {
            failure = String.valueOf(e);
        }
    }

    /** The sampled nanoseconds of a method after its removal (0 if none or not watched). */
    synchronized long nanosOf(int m) {
        return m >= 0 && m < nanos.length ? Math.round(nanos[m]) : 0;
    }

    /** The sampler's counters, for the controller's statistics. */
    synchronized Map<String, Object> stats() {
        Map<String, Object> s = new java.util.LinkedHashMap<>();
        long methods = 0;
        for (boolean w : isWatched) {
            methods += w ? 1 : 0;
        }
        s.put("sampler", sampler);
        s.put("sampledMethods", methods);
        s.put("samples", samples);
        s.put("sampledThreadStacks", threadStacks);
        s.put("samplingMillis", Math.round(sampleNanos / 1e3) / 1e3);
        if (failure != null) {
            s.put("samplerError", failure);
        }
        return s;
    }

    private void grow(int m) {
        if (m >= isWatched.length) {
            int n = Math.max(m + 1, isWatched.length * 2);
            isWatched = Arrays.copyOf(isWatched, n);
            nanos = Arrays.copyOf(nanos, n);
        }
    }
}
