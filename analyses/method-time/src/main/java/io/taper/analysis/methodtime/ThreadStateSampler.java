package io.taper.analysis.methodtime;

import io.taper.runtime.Bypass;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Splits the program's time into running and waiting: every {@link #PERIOD_MILLIS} milliseconds it asks each profiled
 * thread for its state, and credits the time since the previous look to the open frames of every thread that is
 * parked, blocked on a monitor, sleeping or waiting ({@link Thread.State#WAITING}, {@code TIMED_WAITING},
 * {@code BLOCKED}): as waiting time of each open context (once per context, however deep the recursion), and as
 * self waiting time of the innermost frame. A thread the JVM reports as running but in native code (accepting a
 * connection, reading a socket or a pipe, selecting: {@link ThreadInfo#isInNative}) waits too: it runs none of the
 * program's Java code, and JFR's execution samples leave it out as well. Asking stops no thread: thread infos without
 * a stack are read without a safepoint, so the program does not notice the sampler. Where the JVM has no
 * {@code java.management}, only the thread states count.
 */
final class ThreadStateSampler implements Runnable {

    static final String THREAD_NAME = "taper-thread-states";
    static final long PERIOD_MILLIS = 10;

    private static boolean started;

    private ThreadStateSampler() {
    }

    /** Starts the sampler once per session (a daemon: it ends with the program, or at a reset). */
    static synchronized void ensureStarted() {
        if (started) {
            return;
        }
        started = true;
        SamplerThreads.start(new ThreadStateSampler(), THREAD_NAME);
    }

    /** Lets the next session start the sampler again; {@link SamplerThreads#endAll} ends the one running. */
    static synchronized void reset() {
        started = false;
    }

    @Override
    public void run() {
        Bypass.enter();       // the sampler's own calls into the JDK are not the program's
        long last = System.nanoTime();
        try {
            while (true) {
                Thread.sleep(PERIOD_MILLIS);
                long now = System.nanoTime();
                sample(ThreadProfiles.all(), now - last);
                last = now;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Credits {@code nanos} to the open frames of each profile whose thread waits now. */
    static void sample(ThreadProfile[] profiles, long nanos) {
        ThreadMXBean mx = threads();
        long[] ids = new long[profiles.length];
        ThreadProfile[] live = new ThreadProfile[profiles.length];
        int n = 0;
        for (ThreadProfile p : profiles) {
            Thread t = p.thread();
            if (t == null) {
                continue;
            }
            if (waits(t.getState())) {
                p.waited(nanos);
            } else if (mx != null && p.threadId > 0) {
                // an id the bean refuses (a thread whose construction failed has none) would end the sampler
                ids[n] = p.threadId;
                live[n++] = p;
            }
        }
        if (n == 0) {
            return;
        }
        ThreadInfo[] infos = mx.getThreadInfo(Arrays.copyOf(ids, n), 0);
        for (int i = 0; i < n; i++) {
            if (infos[i] != null && infos[i].isInNative()) {
                live[i].waited(nanos);
            }
        }
    }

    /** The JVM's thread bean, or null without {@code java.management} (thread states only then). */
    private static ThreadMXBean threads() {
        return ThreadBean.get();
    }

    static boolean waits(Thread.State s) {
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.BLOCKED;
    }
}
