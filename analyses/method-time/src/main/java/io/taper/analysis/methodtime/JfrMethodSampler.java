package io.taper.analysis.methodtime;

import io.taper.runtime.Bypass;
import io.taper.runtime.control.ProgramThreads;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.FlightRecorder;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordedThreadGroup;
import jdk.jfr.consumer.RecordingStream;

/**
 * Follows the removed methods with the JDK Flight Recorder's execution samples, streamed in the program's own
 * JVM: at each of the recorder's flushes, a program thread's CPU time since its previous one is split among its
 * samples of that window, and each sample's part goes to the removed methods on its stack ({@link SampledTimes}).
 *
 * <p>Why not {@link RemovedMethodSampler}'s {@code Thread.getStackTrace}: that stops the thread at a safepoint,
 * and where a thread can stop is not where it spends its time. On full-size H2, uninstrumented, side by side in one
 * run, safepoint stacks put 58 % of the samples in the update path and 39 % in the queries; JFR's samples, taken
 * wherever the thread is, 20 % and 77 %. JFR's frames also name the descriptor, so an overload is exactly itself.
 *
 * <p>JFR samples at most five threads running Java code per period (on more, each is seen less often than it runs)
 * and delivers samples when it flushes, about once a second: samples of the run's last moments may not arrive
 * before the results are written. Stacks are as deep as the JVM's {@code -XX:FlightRecorderOptions:stackdepth}
 * (64 frames unless set; {@code ./taper run} sets 2048): a removed method further from the top than that is not
 * seen on that stack.
 */
final class JfrMethodSampler {

    static final String THREAD_NAME = "taper-jfr-sampler";
    static final String EVENT = "jdk.ExecutionSample";

    private final SampledTimes times;
    private final long periodNanos;
    private final ThreadCpu cpu;
    private int stack;
    private int[] seenOn = new int[64];
    // this flush window's samples, by thread id
    private final Map<Long, Window> window = new HashMap<>();
    // each thread's CPU time at the end of its last window, and that window's number; threads unseen for
    // FORGET_AFTER windows are forgotten, so a thread-per-task program does not grow the map without bound
    private final Map<Long, long[]> cpuAt = new HashMap<>();
    private long windows;
    static final int FORGET_AFTER = 64;
    private long handlingNanos;
    private final StringBuilder signature = new StringBuilder();

    JfrMethodSampler(SampledTimes times, long periodMillis, ThreadCpu cpu) {
        this.times = times;
        this.periodNanos = periodMillis * 1_000_000L;
        this.cpu = cpu;
    }

    /** A thread's CPU time in nanoseconds, or -1 if unknown (the thread ended, or the JVM does not measure it). */
    interface ThreadCpu {
        long nanos(long threadId);
    }

    /** One thread's samples in a flush window: how many, and per removed method the summed share of them. */
    static final class Window {
        int samples;
        int[] slots = new int[8];
        double[] shares = new double[8];
        int count;
        int[] indexOf = new int[0];

        void add(int m, double share) {
            if (m >= indexOf.length) {
                int[] grown = Arrays.copyOf(indexOf, Math.max(m + 1, indexOf.length * 2));
                Arrays.fill(grown, indexOf.length, grown.length, -1);
                indexOf = grown;
            }
            int i = indexOf[m];
            if (i < 0) {
                if (count == slots.length) {
                    slots = Arrays.copyOf(slots, count * 2);
                    shares = Arrays.copyOf(shares, count * 2);
                }
                i = count++;
                indexOf[m] = i;
                slots[i] = m;
            }
            shares[i] += share;
        }
    }

    /** True if this JVM has a usable Flight Recorder (the module is present, the recorder not switched off). */
    static boolean isAvailable() {
        try {
            return ModuleLayer.boot().findModule("jdk.jfr").isPresent() && FlightRecorder.isAvailable();
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }

    /**
     * Starts streaming execution samples on a daemon thread of Taper's; returns false (and starts nothing) if this
     * JVM has no recorder. A recorder that fails to start is reported ({@code samplerError}) and the same thread
     * samples stacks instead ({@link RemovedMethodSampler}).
     */
    static boolean start(SampledTimes times, long periodMillis) {
        if (!isAvailable()) {
            return false;
        }
        SamplerThreads.start(() -> run(times, periodMillis), THREAD_NAME);
        return true;
    }

    private static void run(SampledTimes times, long periodMillis) {
        Bypass.enter();   // starting the recorder and parsing its stream are Taper's work, not the program's
        RecordingStream stream;
        try {
            if (!FlightRecorder.isInitialized()) {
                RecorderThreads.startedByTaper();
            }
            stream = open(periodMillis);
        } catch (LinkageError | RuntimeException e) {
            times.failed(e);
            Bypass.exit();
            new RemovedMethodSampler(times, periodMillis).run();
            return;
        }
        if (!SamplerThreads.reading(stream)) {
            stream.close();   // a reset ended the sampler before it began
            return;
        }
        JfrMethodSampler sampler = new JfrMethodSampler(times, periodMillis, threadCpu());
        stream.onEvent(EVENT, sampler::accept);
        stream.onFlush(sampler::flushed);
        stream.onError(times::failed);
        times.sampledBy("jfr");
        try {
            stream.start();
        } catch (RuntimeException | Error e) {
            times.failed(e);
        }
    }

    /** The JVM's per-thread CPU clock, or one that knows nothing (each sample then counts one period). */
    static ThreadCpu threadCpu() {
        try {
            ThreadMXBean mx = ThreadBean.get();
            if (mx != null && mx.isThreadCpuTimeSupported()) {
                if (!mx.isThreadCpuTimeEnabled()) {
                    mx.setThreadCpuTimeEnabled(true);
                }
                return mx::getThreadCpuTime;
            }
        } catch (LinkageError | RuntimeException e) {
            // a runtime image without java.management, or a security manager that says no
        }
        return id -> -1;
    }

    private static RecordingStream open(long periodMillis) {
        RecordingStream stream = new RecordingStream();
        stream.enable(EVENT).withPeriod(Duration.ofMillis(periodMillis)).withStackTrace();
        // the stream keeps its chunks on disk; bound them (read chunks are not needed again)
        stream.setMaxAge(Duration.ofSeconds(30));
        stream.setMaxSize(64L << 20);
        stream.setReuse(true);
        return stream;
    }

    private void accept(RecordedEvent e) {
        long start = System.nanoTime();
        RecordedThread thread = e.getThread("sampledThread");
        if (thread != null && isProgramThread(thread.getJavaName(), thread.getThreadGroup())
                && e.getStackTrace() != null) {
            sample(thread.getJavaThreadId(), e.getStackTrace().getFrames());
        }
        handlingNanos += System.nanoTime() - start;
    }

    private void flushed() {
        long start = System.nanoTime();
        endWindow();
        times.sampled(handlingNanos + System.nanoTime() - start);
        handlingNanos = 0;
    }

    /** A thread of the program: not Taper's ({@code taper-*}), not one of the JVM's in the root ("system") group. */
    static boolean isProgramThread(String name, RecordedThreadGroup group) {
        return name != null && !ProgramThreads.isTapersName(name) && (group == null || group.getParent() != null);
    }

    /** Adds one sampled stack of a thread to the window. */
    private void sample(long threadId, List<RecordedFrame> frames) {
        int n = frames.size();
        String[] classes = new String[n];
        String[] names = new String[n];
        String[] descriptors = new String[n];
        int k = 0;
        for (RecordedFrame f : frames) {
            RecordedMethod m = f.getMethod();
            if (m == null || !f.isJavaFrame()) {
                continue;
            }
            classes[k] = m.getType().getName();
            names[k] = m.getName();
            descriptors[k++] = m.getDescriptor();
        }
        sample(threadId, classes, names, descriptors, k);
    }

    /**
     * Adds one sampled stack of a thread (frames innermost first) to the window: a sample of the thread, and the
     * watched methods on it, once per stack however deep they recurse, shared among the loaders defining a class
     * of the name. A stack inside the agent is not the program's (that time is Taper's, see {@code AgentTime}).
     */
    void sample(long threadId, String[] classes, String[] names, String[] descriptors, int n) {
        for (int i = 0; i < n; i++) {
            if (classes[i].startsWith(RemovedMethodSampler.AGENT_PACKAGE)) {
                return;
            }
        }
        Window w = window.get(threadId);
        if (w == null) {
            w = new Window();
            window.put(threadId, w);
        }
        w.samples++;
        Map<String, Map<String, SampledTimes.Namesakes>> watched = times.exactView();
        stack++;
        for (int i = 0; i < n; i++) {
            Map<String, SampledTimes.Namesakes> bySignature = watched.get(classes[i]);
            if (bySignature == null) {
                continue;
            }
            signature.setLength(0);
            SampledTimes.Namesakes found = bySignature.get(signature.append(names[i]).append(descriptors[i]).toString());
            if (found == null) {
                continue;
            }
            for (int m : found.slots) {
                grow(m);
                if (seenOn[m] != stack) {
                    seenOn[m] = stack;
                    w.add(m, found.share);
                }
            }
        }
    }

    /**
     * Credits the window's samples: a thread's CPU time since its last window, split evenly among its samples of
     * this window (the samples say where the time went, the clock how much there was; JFR's sampler misses many
     * periods, and a thread waits between others). A thread first seen, or whose clock is unknown, gets one
     * period per sample (as does one unseen for {@link #FORGET_AFTER} windows).
     */
    void endWindow() {
        for (Map.Entry<Long, Window> e : window.entrySet()) {
            long id = e.getKey();
            Window w = e.getValue();
            long now = cpu.nanos(id);
            long[] before = cpuAt.get(id);
            long perSample = before == null || now < 0 || now < before[0] ? periodNanos : (now - before[0]) / w.samples;
            if (now >= 0) {
                cpuAt.put(id, new long[] {now, windows});
            }
            times.add(w.slots, w.shares, w.count, perSample, w.samples);
        }
        window.clear();
        if (++windows % FORGET_AFTER == 0) {
            cpuAt.values().removeIf(v -> v[1] < windows - FORGET_AFTER);
        }
    }

    private void grow(int m) {
        if (m >= seenOn.length) {
            int size = Math.max(m + 1, seenOn.length * 2);
            seenOn = Arrays.copyOf(seenOn, size);
        }
    }
}
