package io.taper.analysis.methodtime;

import io.taper.runtime.Bypass;

/**
 * Splits the program's time into running and waiting: every {@link #PERIOD_MILLIS} milliseconds it asks each profiled
 * thread for its state, and credits the time since the previous look to the open frames of every thread that is
 * parked, blocked on a monitor, sleeping or waiting ({@link Thread.State#WAITING}, {@code TIMED_WAITING},
 * {@code BLOCKED}): as waiting time of each open context (once per context, however deep the recursion), and as
 * self waiting time of the innermost frame. A thread the JVM reports as running is running, also when it waits in
 * native code for I/O (the JVM does not tell that apart). Asking for a state stops no thread: there is no
 * safepoint and no stack walk, so the program does not notice the sampler.
 */
final class ThreadStateSampler implements Runnable {

    static final String THREAD_NAME = "taper-thread-states";
    static final long PERIOD_MILLIS = 10;

    private static boolean started;

    private ThreadStateSampler() {
    }

    /** Starts the sampler once per run (a daemon: it ends with the program). */
    static synchronized void ensureStarted() {
        if (started) {
            return;
        }
        started = true;
        Thread t = new Thread(new ThreadStateSampler(), THREAD_NAME);
        t.setDaemon(true);
        t.start();
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
        for (ThreadProfile p : profiles) {
            Thread t = p.thread();
            if (t != null && waits(t.getState())) {
                p.waited(nanos);
            }
        }
    }

    static boolean waits(Thread.State s) {
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.BLOCKED;
    }
}
