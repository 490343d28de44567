package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Flight Recorder sampler: a window's samples split their thread's CPU time (exactly, on hand-made stacks with
 * a hand-set clock), frames match by descriptor, and with the real recorder a method that runs is credited about
 * the CPU time it ran while one on no stack, or only on Taper's threads, gets nothing.
 */
class JfrMethodSamplerTest {

    static final int RUN = 3, GET_INT = 4, GET_LONG = 5, RUN_OTHER_LOADER = 6;
    static final long MS = 1_000_000;

    static SampledTimes watching() {
        SampledTimes times = new SampledTimes();
        times.watch(RUN, new MethodKey(0, "a/B", "run", "()V"));
        times.watch(GET_INT, new MethodKey(0, "a/B", "get", "(I)I"));
        times.watch(GET_LONG, new MethodKey(0, "a/B", "get", "(J)J"));
        times.watch(RUN_OTHER_LOADER, new MethodKey(7, "a/B", "run", "()V"));
        return times;
    }

    private static void stack(JfrMethodSampler s, long thread, String... frames) {
        int n = frames.length;
        String[] classes = new String[n];
        String[] names = new String[n];
        String[] descriptors = new String[n];
        for (int i = 0; i < n; i++) {
            String f = frames[i];
            int dot = f.lastIndexOf('.', f.indexOf('('));
            int paren = f.indexOf('(');
            classes[i] = f.substring(0, dot);
            names[i] = f.substring(dot + 1, paren);
            descriptors[i] = f.substring(paren);
        }
        s.sample(thread, classes, names, descriptors, n);
    }

    @Test
    void aWindowsSamplesSplitTheirThreadsCpuTime() {
        SampledTimes times = watching();
        Map<Long, Long> clock = new HashMap<>();
        JfrMethodSampler s = new JfrMethodSampler(times, 10, id -> clock.getOrDefault(id, -1L));

        // first window of thread 1: its clock has no earlier reading, so a sample counts one period (10 ms)
        clock.put(1L, 100 * MS);
        stack(s, 1, "a.B.get(I)I", "a.B.run()V", "a.B.run()V", "x.Y.main([Ljava/lang/String;)V");
        stack(s, 1, "x.Y.idle()V");
        s.endWindow();
        assertEquals(10 * MS, times.nanosOf(GET_INT), "the descriptor names the overload: all of it");
        assertEquals(0, times.nanosOf(GET_LONG));
        assertEquals(5 * MS, times.nanosOf(RUN), "recursive run counts once, shared with the other loader's");
        assertEquals(5 * MS, times.nanosOf(RUN_OTHER_LOADER));

        // second window: 40 ms of CPU over four samples, three of them in run; a stack in the agent is not a sample
        clock.put(1L, 140 * MS);
        stack(s, 1, "a.B.run()V");
        stack(s, 1, "a.B.run()V", "x.Y.main([Ljava/lang/String;)V");
        stack(s, 1, "io.taper.agent.internal.TaperTransformer.transform([B)[B", "a.B.run()V");
        stack(s, 1, "x.Y.idle()V");
        stack(s, 1, "x.Y.work()V", "a.B.run()V");
        // thread 2's clock is unknown (ended, say): one period per sample
        stack(s, 2, "a.B.get(J)J");
        s.endWindow();
        assertEquals(5 * MS + 15 * MS, times.nanosOf(RUN));
        assertEquals(20 * MS, times.nanosOf(RUN_OTHER_LOADER));
        assertEquals(10 * MS, times.nanosOf(GET_LONG));
        assertEquals(10 * MS, times.nanosOf(GET_INT));

        // a window with no samples of thread 1 credits nothing; the next splits the CPU since its last window
        s.endWindow();
        clock.put(1L, 200 * MS);
        stack(s, 1, "a.B.get(I)I");
        stack(s, 1, "a.B.get(I)I");
        s.endWindow();
        assertEquals(10 * MS + 60 * MS, times.nanosOf(GET_INT));
        assertEquals(9L, times.stats().get("sampledThreadStacks"), "every program stack, watched methods or not");

        // a thread unseen for long is forgotten (a thread-per-task program's ids are not kept): a period again
        for (int i = 0; i < JfrMethodSampler.FORGET_AFTER * 2; i++) {
            s.endWindow();
        }
        clock.put(1L, 900 * MS);
        stack(s, 1, "a.B.get(I)I");
        s.endWindow();
        assertEquals(70 * MS + 10 * MS, times.nanosOf(GET_INT));
    }

    static volatile long sink;

    /** Spins for about this much of the thread's CPU time. */
    static long spin(long cpuNanos) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + cpuNanos;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 1_000_000; i++) {
                x = x * 31 + i;
            }
        }
        sink = x;
        return x;
    }

    private static void awaitFlushes(SampledTimes times, int n) throws InterruptedException {
        long target = ((Number) times.stats().get("samples")).longValue() + n;
        long deadline = System.nanoTime() + 30_000 * MS;
        while (((Number) times.stats().get("samples")).longValue() < target && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    /** Spins on the test's thread before the measured spin (its own method, so not credited to it). */
    static long warmUp(long cpuNanos) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + cpuNanos;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 1_000_000; i++) {
                x = x * 7 + i;
            }
        }
        sink = x;
        return x;
    }

    static void neverCalled() {
        sink++;
    }

    /** {@link #spin}'s twin for a thread of Taper's, whose samples count for nothing. */
    static long spinOnTapersThread(long cpuNanos) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + cpuNanos;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 1_000_000; i++) {
                x = x * 17 + i;
            }
        }
        sink = x;
        return x;
    }

    @Test
    void theRealRecorderCreditsTheMethodThatRuns() throws Exception {
        assertTrue(JfrMethodSampler.isAvailable(), "the JDK that runs the tests has a Flight Recorder");
        SampledTimes times = new SampledTimes();
        String self = JfrMethodSamplerTest.class.getName().replace('.', '/');
        times.watch(0, new MethodKey(0, self, "spin", "(J)J"));
        times.watch(1, new MethodKey(0, self, "neverCalled", "()V"));
        times.watch(2, new MethodKey(0, self, "spinOnTapersThread", "(J)J"));
        assertTrue(JfrMethodSampler.start(times, 10));
        // the recorder starts on the sampler's thread; this thread's first window counts periods, not its clock
        awaitFlushes(times, 1);
        warmUp(1_000 * MS);
        awaitFlushes(times, 2);
        assertEquals("jfr", times.stats().get("sampler"));

        Thread tapers = new Thread(() -> spinOnTapersThread(1_500 * MS), "taper-test-spinner");
        tapers.start();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadCpuTime();
        spin(3_000 * MS);
        long spun = mx.getCurrentThreadCpuTime() - before;
        tapers.join();
        awaitFlushes(times, 2);   // samples arrive with the recorder's flushes, about one a second
        long credited = times.nanosOf(0);
        assertTrue(credited >= spun * 7 / 10 && credited <= spun * 13 / 10,
            "spin ran " + spun / MS + " ms of CPU on the test's thread, credited " + credited / MS + " ms");
        assertEquals(0, times.nanosOf(1), "on no stack");
        assertEquals(0, times.nanosOf(2), "only on Taper's thread");
        assertTrue(times.stats().get("samplerError") == null, String.valueOf(times.stats().get("samplerError")));
    }

    /** A detach's reset ends the recorder's sampler (its thread blocks in the stream until it is closed). */
    @Test
    void endingTheSamplersClosesTheRecordersStreamAndItsThreadEnds() throws Exception {
        assertTrue(JfrMethodSampler.isAvailable(), "the JDK that runs the tests has a Flight Recorder");
        SampledTimes times = watching();
        assertTrue(JfrMethodSampler.start(times, 10));
        awaitFlushes(times, 1);
        assertEquals("jfr", times.stats().get("sampler"));
        assertEquals(0, SamplerThreads.endAll(), "no sampler left running");
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertFalse(t.getName().equals(JfrMethodSampler.THREAD_NAME), "ended: " + t.getName());
        }
    }
}
