package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.runtime.control.ProgramThreads;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sampler's crediting on hand-made stacks: a watched method on a stack gets the interval once however
 * often it recurses, overloads share a frame, Taper's threads and unwatched methods count for nothing.
 */
class RemovedMethodSamplerTest {

    static final int RUN = 3, GET_INT = 4, GET_LONG = 5, UNWATCHED = 6;

    static SampledTimes watching() {
        SampledTimes times = new SampledTimes();
        times.watch(RUN, new MethodKey(0, "a/B", "run", "()V"));
        times.watch(GET_INT, new MethodKey(0, "a/B", "get", "(I)I"));
        times.watch(GET_LONG, new MethodKey(0, "a/B", "get", "(J)J"));
        times.watch(RUN, new MethodKey(0, "a/B", "run", "()V"));        // twice: still one
        return times;
    }

    static StackTraceElement frame(String className, String method) {
        return new StackTraceElement(className, method, "X.java", 1);
    }

    /**
     * A thread that ran at the previous sample is credited its CPU time since then where that is less than the
     * interval (it waited for a core); a thread seen running for the first time, or whose CPU time is unknown, gets
     * the interval.
     */
    @Test
    void aThreadThatWaitedForACoreIsCreditedItsCpuTime() {
        SampledTimes times = watching();
        Thread main = new Thread("main");
        Thread other = new Thread("other");
        Map<Long, Long> cpu = new java.util.HashMap<>(Map.of(main.getId(), 10_000L, other.getId(), 50_000L));
        RemovedMethodSampler sampler = new RemovedMethodSampler(times, 10, id -> cpu.getOrDefault(id, -1L));
        StackTraceElement[] inRun = {frame("a.B", "run")};
        StackTraceElement[] inGet = {frame("a.B", "get")};
        sampler.sample(Map.of(main, inRun, other, inGet), 4_000);
        assertEquals(4_000, times.nanosOf(RUN), "first seen: the interval");

        cpu.put(main.getId(), 11_000L);            // ran 1,000 ns of a 4,000 ns interval
        cpu.put(other.getId(), 60_000L);           // more CPU than the interval (the clocks are read at different times)
        sampler.sample(Map.of(main, inRun, other, inGet), 4_000);
        assertEquals(5_000, times.nanosOf(RUN), "main's CPU time since the last sample");
        assertEquals(8_000, times.nanosOf(GET_INT) + times.nanosOf(GET_LONG), "other: at most the interval");

        sampler.sample(Map.of(other, inRun), 4_000);
        cpu.put(main.getId(), 12_000L);
        sampler.sample(Map.of(main, inRun), 4_000);
        assertEquals(9_000, times.nanosOf(RUN),
            "other's CPU time did not move (0), and main did not run at the sample before: the interval");
        cpu.remove(main.getId());
        sampler.sample(Map.of(main, inRun), 4_000);
        assertEquals(13_000, times.nanosOf(RUN), "CPU time unknown: the interval");
    }

    @Test
    void aMethodOnTheStackGetsTheIntervalOncePerStack() {
        SampledTimes times = watching();
        RemovedMethodSampler sampler = new RemovedMethodSampler(times, 10);
        Map<Thread, StackTraceElement[]> stacks = new LinkedHashMap<>();
        stacks.put(new Thread("main"), new StackTraceElement[] {
            frame("a.B", "size"), frame("a.B", "run"), frame("a.B", "run"), frame("x.Y", "main")});
        stacks.put(new Thread("worker"), new StackTraceElement[] {frame("a.B", "run"), frame("java.lang.Thread", "run")});
        stacks.put(new Thread("taper-controller"), new StackTraceElement[] {frame("a.B", "run")});
        stacks.put(new Thread("loading"), new StackTraceElement[] {      // the agent weaving a class run loads
            frame("io.taper.agent.internal.TaperTransformer", "transform"), frame("java.lang.ClassLoader", "loadClass"),
            frame("a.B", "run")});
        stacks.put(new Thread("workload"), new StackTraceElement[] {frame("io.taper.eval.workloads.Main", "main"),
            frame("a.B", "run")});                                       // a program's own io.taper package counts
        stacks.put(new Thread("idle"), new StackTraceElement[] {frame("x.Y", "idle")});
        sampler.sample(stacks, 1_000);
        assertEquals(3_000, times.nanosOf(RUN),
            "recursive on main (once), on worker and on workload; not on Taper's thread, nor inside the agent");
        assertEquals(0, times.nanosOf(GET_INT));
        assertEquals(0, times.nanosOf(UNWATCHED));

        sampler.sample(Map.of(new Thread("main"), new StackTraceElement[] {frame("a.B", "get"), frame("a.B", "run")}), 3_000);
        assertEquals(6_000, times.nanosOf(RUN));
        assertEquals(1_500, times.nanosOf(GET_INT), "a frame of an overloaded name is one of them: half each");
        assertEquals(1_500, times.nanosOf(GET_LONG));
        assertEquals(3L, times.stats().get("sampledMethods"));
        assertEquals(4L, times.stats().get("sampledThreadStacks"), "main twice, worker and workload once had a watched method");
    }

    @Test
    void framesOfOverloadsAtDistinctLinesAreThatManyActivations() {
        SampledTimes times = watching();
        RemovedMethodSampler sampler = new RemovedMethodSampler(times, 10);
        // get(J) calling get(I): two frames of the name at two lines, both overloads on the stack
        sampler.sample(Map.of(new Thread("main"), new StackTraceElement[] {
            new StackTraceElement("a.B", "get", "B.java", 20), new StackTraceElement("a.B", "get", "B.java", 10),
            frame("a.B", "run")}), 2_000);
        assertEquals(2_000, times.nanosOf(GET_INT));
        assertEquals(2_000, times.nanosOf(GET_LONG));
        // a recursion through one call site: one activation of the name, half each
        sampler.sample(Map.of(new Thread("main"), new StackTraceElement[] {
            new StackTraceElement("a.B", "get", "B.java", 20), new StackTraceElement("a.B", "get", "B.java", 20)}),
            1_000);
        assertEquals(2_500, times.nanosOf(GET_INT));
        assertEquals(2_500, times.nanosOf(GET_LONG));
        assertEquals(2_000, times.nanosOf(RUN));
    }

    @Test
    void anOverloadStillTimedTakesItsPartOfTheFrame() {
        int removed = MethodIds.map(site("t/Namesakes", "get", "(I)I"));
        MethodIds.map(site("t/Namesakes", "get", "(J)J"));     // known to the program, not removed
        MethodIds.map(site("t/Namesakes", "put", "(I)V"));
        SampledTimes times = new SampledTimes();
        times.watch(removed, MethodIds.method(removed));
        new RemovedMethodSampler(times, 10).sample(
            Map.of(new Thread("main"), new StackTraceElement[] {frame("t.Namesakes", "get")}), 1_000);
        assertEquals(500, times.nanosOf(removed), "the frame is get(I)I or get(J)J");
    }

    static io.taper.runtime.SiteInfo site(String className, String method, String desc) {
        return new io.taper.runtime.SiteInfo(-1, 0, className, method, desc, -1, "s", "", true, Map.of());
    }

    @Test
    void theSamplerSleepsLongEnoughToStayUnderATenthOfTheTime() {
        assertEquals(10, RemovedMethodSampler.sleepMillis(10, 0));
        assertEquals(10, RemovedMethodSampler.sleepMillis(10, 1_000_000), "1 ms a sample: 9 ms would do, the period is 10");
        assertEquals(18, RemovedMethodSampler.sleepMillis(10, 2_000_000), "2 ms a sample: 2 of every 20 ms");
        assertEquals(23, RemovedMethodSampler.sleepMillis(10, 2_500_000), "rounded up");
        assertEquals(50, RemovedMethodSampler.sleepMillis(50, 2_000_000));
    }

    @Test
    void nothingWatchedNothingCounted() {
        SampledTimes times = new SampledTimes();
        assertFalse(times.any());
        new RemovedMethodSampler(times, 10).sample(
            Map.of(new Thread("main"), new StackTraceElement[] {frame("a.B", "run")}), 1_000);
        assertEquals(0L, times.stats().get("sampledThreadStacks"));
        assertTrue(watching().any());
        assertTrue(watching().isWatched(GET_LONG) && !watching().isWatched(UNWATCHED));
    }

    @Test
    void theSamplerThreadSeesARunningThreadsRemovedMethod() throws Exception {
        SampledTimes times = new SampledTimes();
        String spinner = RemovedMethodSamplerTest.class.getName().replace('.', '/');
        times.watch(7, new MethodKey(0, spinner, "spin", "(J)J"));
        Thread running = new Thread(() -> sink = spinWhileSampling(times), "spinner");
        running.start();
        Thread sampler = RemovedMethodSampler.start(times, 5);
        running.join();
        sampler.interrupt();
        sampler.join(5_000);
        assertFalse(sampler.isAlive(), "an interrupt ends the sampler");
        long sampled = times.nanosOf(7);
        assertTrue(sampled >= 100_000_000L, "spun about 300 ms, sampled " + sampled + " ns");
        assertTrue((Long) times.stats().get("samples") > 10);
    }

    @Test
    void theJvmsOwnThreadsInTheRootGroupAreNotSampled() throws Exception {
        ThreadGroup root = ProgramThreads.rootGroup();
        assertEquals(null, root.getParent());
        SampledTimes times = new SampledTimes();
        String spinner = RemovedMethodSamplerTest.class.getName().replace('.', '/');
        times.watch(3, new MethodKey(0, spinner, "spin", "(J)J"));
        Thread system = new Thread(root, () -> sink = spinWhileSampling(times), "system-spinner");
        system.start();
        Thread sampler = RemovedMethodSampler.start(times, 5);
        assertFalse(ProgramThreads.isSampled(system, root), "a running thread of the root group");
        assertFalse(ProgramThreads.isSampled(Thread.currentThread(), root), "nor the caller itself");
        system.join();
        sampler.interrupt();
        sampler.join(5_000);
        assertEquals(0L, times.nanosOf(3), "the root group's spinner was never sampled");
        assertTrue((Long) times.stats().get("samples") > 10, "the sampler ran meanwhile");
    }

    @Test
    void aThreadBlockedInNativeCodeHasNoRunningStack() throws Exception {
        try (java.net.ServerSocket server = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    server.accept().close();
                } catch (java.io.IOException closed) {
                    // the test closes the socket: the way out
                }
            }, "acceptor");
            acceptor.start();
            long end = System.nanoTime() + 5_000_000_000L;
            while (!(acceptor.getState() == Thread.State.RUNNABLE && acceptor.getStackTrace().length > 0
                    && acceptor.getStackTrace()[0].isNativeMethod()) && System.nanoTime() < end) {
                Thread.sleep(5);
            }
            assertEquals(Thread.State.RUNNABLE, acceptor.getState(), "the JVM calls a thread in accept running");
            assertTrue(ProgramThreads.isSampled(acceptor, ProgramThreads.rootGroup()));
            assertFalse(ProgramThreads.runningStacks().containsKey(acceptor), "but it runs no Java code");
            server.close();
            acceptor.join(5_000);
        }
    }

    static volatile long sink;

    /**
     * Spins for at least 300 ms and until the sampler has taken more than 10 samples (at most 30 s): on a
     * loaded machine a sample costs more, and the sampler then sleeps longer between samples.
     */
    static long spinWhileSampling(SampledTimes times) {
        long start = System.nanoTime();
        long x = 0;
        while (System.nanoTime() - start < 30_000_000_000L
                && (System.nanoTime() - start < 300_000_000L || (Long) times.stats().get("samples") <= 10)) {
            x += spin(1_000_000L);
        }
        return x;
    }

    /** Busy for about {@code nanos}, with calls (safepoints) in its loop. */
    static long spin(long nanos) {
        long end = System.nanoTime() + nanos;
        long x = 0;
        while (System.nanoTime() < end) {
            x = x * 31 + 7;
        }
        return x;
    }
}
