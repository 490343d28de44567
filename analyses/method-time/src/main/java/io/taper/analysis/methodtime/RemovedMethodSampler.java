package io.taper.analysis.methodtime;

import io.taper.runtime.Bypass;
import io.taper.runtime.control.ProgramThreads;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Samples every thread's stack at a fixed period and credits the removed methods found on it with the
 * wall-clock time since the previous sample, or with the CPU time the thread used since then where that is less
 * ({@link SampledTimes}): on a loaded machine a running thread waits for a core for much of an interval, and the
 * wall clock would credit that wait to whatever it was running. Once its instrumentation is gone a
 * method's time is no longer measured; how long it stays on the stacks afterwards is what a sampling
 * profiler would see, and it follows the program's phases, which a removed method's share of its callers'
 * time at the removal does not (a database's query methods are removed while inserts dominate, and the
 * expensive queries come later).
 *
 * <p>{@link Thread#getAllStackTraces} stops the threads at a safepoint, so a sample falls on a loop's
 * back edge or a call rather than anywhere: a removed method that the JIT inlined into a caller's loop and
 * that holds no safepoint of its own (a getter, say) is seen less than it runs. Such methods are the ones
 * whose instrumented time was mostly the instrumentation's. Only running threads are sampled, as a
 * sampling profiler does: a removed method is short (that is why it was removed), so its time is spent
 * running, not waiting. Taper's own threads ({@code taper-*}) are not sampled. A recursive method counts
 * once per stack.
 */
final class RemovedMethodSampler implements Runnable {

    static final String THREAD_NAME = "taper-method-sampler";

    private final SampledTimes times;
    private final long periodMillis;
    private final JfrMethodSampler.ThreadCpu cpu;
    /** The CPU time of each thread that ran at the previous sample. */
    private Map<Thread, Long> cpuAtLastSample = new HashMap<>();
    // per slot: the stack it was last seen on, and where in this stack's list it is
    private int[] seenOn = new int[64];
    private int[] indexOf = new int[64];
    private int stack;
    private int[] slots = new int[16];
    private double[] credit = new double[16];

    RemovedMethodSampler(SampledTimes times, long periodMillis) {
        this(times, periodMillis, JfrMethodSampler.threadCpu());
    }

    RemovedMethodSampler(SampledTimes times, long periodMillis, JfrMethodSampler.ThreadCpu cpu) {
        this.times = times;
        this.periodMillis = periodMillis;
        this.cpu = cpu;
    }

    /** Starts the sampling thread (a daemon: it ends with the program, or at a reset: {@link SamplerThreads}). */
    static Thread start(SampledTimes times, long periodMillis) {
        return SamplerThreads.start(new RemovedMethodSampler(times, periodMillis), THREAD_NAME);
    }

    @Override
    public void run() {
        Bypass.enter();       // the sampler's own calls into the JDK are not the program's
        times.sampledBy("stacks");
        long last = System.nanoTime();
        long typical = 0;      // a sample's cost, smoothed: the first samples run cold code and take longer
        try {
            while (true) {
                Thread.sleep(sleepMillis(periodMillis, typical));
                long now = System.nanoTime();
                sample(ProgramThreads.runningStacks(), now - last);
                last = now;
                long took = System.nanoTime() - now;
                typical += (took - typical) / 8;
                times.sampled(took);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            // a security manager that denies stack traces, say: the estimate keeps what was sampled so far
            times.failed(e);
        }
    }

    /**
     * How long to sleep when a sample takes {@code tookNanos}: the period, or long enough to keep the
     * sampler's own time under a tenth of the wall time. A stack is taken at a safepoint and its frames are
     * built as objects; on a loaded machine a sample of a big program takes milliseconds, so a short period
     * would spend a large share of the run sampling. Each sample credits the time since the previous one, so a
     * longer interval changes how finely the time is split, not how much is credited.
     */
    static long sleepMillis(long periodMillis, long tookNanos) {
        return Math.max(periodMillis, (tookNanos * 9 + 999_999) / 1_000_000);
    }

    /**
     * Credits the watched methods on these stacks with {@code interval} nanoseconds each, or with less: the CPU time
     * their thread used since the previous sample, when it ran then too.
     */
    void sample(Map<Thread, StackTraceElement[]> stacks, long interval) {
        Map<String, Map<String, SampledTimes.Namesakes>> watched = times.view();
        if (watched.isEmpty()) {
            return;
        }
        Map<Thread, Long> cpuNow = new HashMap<>();
        for (Map.Entry<Thread, StackTraceElement[]> e : stacks.entrySet()) {
            Thread t = e.getKey();
            if (ProgramThreads.isTapers(t)) {
                continue;
            }
            long cpuTime = cpu.nanos(t.getId());
            if (cpuTime >= 0) {
                cpuNow.put(t, cpuTime);
            }
            int count = onStack(e.getValue(), watched);
            if (count > 0) {
                times.add(slots, credit, count, creditFor(interval, cpuAtLastSample.get(t), cpuTime));
            }
        }
        cpuAtLastSample = cpuNow;      // only threads running now: an ended thread is let go
    }

    /** The wall-clock interval, or the thread's CPU time since the last sample where it is known and less. */
    static long creditFor(long interval, Long cpuBefore, long cpuNow) {
        if (cpuBefore == null || cpuNow < 0) {
            return interval;
        }
        return Math.min(interval, Math.max(0, cpuNow - cpuBefore));
    }

    /** The agent's package: a program's thread in it is weaving a class it loads. */
    static final String AGENT_PACKAGE = "io.taper.agent.";

    /**
     * Fills {@code slots}/{@code credit} with the watched methods on one stack; returns how many (none if the stack
     * is inside the agent: that time is Taper's, and is taken out of the measured calls too, see {@code AgentTime}).
     * A frame names no descriptor: the frames of one class and method name are that many activations of its
     * overloads, counted by their distinct source lines (a recursion through one call site is one), and each
     * overload gets its part of them, at most the whole sample.
     */
    private int onStack(StackTraceElement[] frames, Map<String, Map<String, SampledTimes.Namesakes>> watched) {
        for (StackTraceElement f : frames) {
            if (f.getClassName().startsWith(AGENT_PACKAGE)) {
                return 0;
            }
        }
        stack++;
        Map<SampledTimes.Namesakes, Set<Integer>> linesOf = null;
        for (StackTraceElement f : frames) {
            Map<String, SampledTimes.Namesakes> byName = watched.get(f.getClassName());
            SampledTimes.Namesakes candidates = byName == null ? null : byName.get(f.getMethodName());
            if (candidates == null) {
                continue;
            }
            if (linesOf == null) {
                linesOf = new IdentityHashMap<>();
            }
            Set<Integer> lines = linesOf.get(candidates);
            if (lines == null) {
                lines = new HashSet<>();
                linesOf.put(candidates, lines);
            }
            lines.add(f.getLineNumber());
        }
        if (linesOf == null) {
            return 0;
        }
        int count = 0;
        for (Map.Entry<SampledTimes.Namesakes, Set<Integer>> e : linesOf.entrySet()) {
            SampledTimes.Namesakes candidates = e.getKey();
            double share = Math.min(1.0, candidates.share * e.getValue().size());
            for (int m : candidates.slots) {
                grow(m);
                if (seenOn[m] == stack) {
                    int i = indexOf[m];
                    credit[i] = Math.max(credit[i], share);
                    continue;
                }
                if (count == slots.length) {
                    slots = Arrays.copyOf(slots, count * 2);
                    credit = Arrays.copyOf(credit, count * 2);
                }
                seenOn[m] = stack;
                indexOf[m] = count;
                slots[count] = m;
                credit[count++] = share;
            }
        }
        return count;
    }

    private void grow(int m) {
        if (m >= seenOn.length) {
            int n = Math.max(m + 1, seenOn.length * 2);
            seenOn = Arrays.copyOf(seenOn, n);
            indexOf = Arrays.copyOf(indexOf, n);
        }
    }
}
