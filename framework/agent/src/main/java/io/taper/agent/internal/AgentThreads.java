package io.taper.agent.internal;

import io.taper.runtime.Bypass;

/**
 * Threads the agent owns. Each runs with the analysis bypass entered for its whole life, so woven JDK
 * code that agent work executes (collections, NIO, ...) is never counted as the program's.
 */
final class AgentThreads {

    private AgentThreads() {
    }

    /**
     * @param agentOnly true for threads that must never wait for the server themselves (the watchdog,
     *                  the shutdown hook): their own class loads are queued instead of sent
     */
    static Thread daemon(String name, boolean agentOnly, Runnable body) {
        Thread t = new Thread(new Body(body, agentOnly, false), name);
        t.setDaemon(true);
        synchronized (STARTED) {
            STARTED.add(t);
        }
        return t;
    }

    /** A daemon thread that {@link #endAll} leaves alone: one that watches a detach itself. */
    static Thread untracked(String name, Runnable body) {
        Thread t = new Thread(new Body(body, true, false), name);
        t.setDaemon(true);
        return t;
    }

    /** Every thread made here since the last {@link #endAll}: a detach ends them. */
    private static final java.util.List<Thread> STARTED = new java.util.ArrayList<>();
    private static volatile boolean ending;

    /** True while a detach ends the agent's threads: their loops return when they see it. */
    static boolean ending() {
        return ending;
    }

    /**
     * A detach: tells the agent's threads to end (interrupting those that sleep or wait), waits for them at most
     * {@code millis} in all, and forgets them; returns the names of those still running. The next attach starts
     * threads anew ({@link #reset}).
     */
    static java.util.List<String> endAll(long millis) {
        ending = true;
        java.util.List<Thread> all;
        synchronized (STARTED) {
            all = new java.util.ArrayList<>(STARTED);
            STARTED.clear();
        }
        Thread self = Thread.currentThread();
        for (Thread t : all) {
            if (t != self) {
                t.interrupt();
            }
        }
        long deadline = System.nanoTime() + millis * 1_000_000L;
        java.util.List<String> left = new java.util.ArrayList<>();
        for (Thread t : all) {
            if (t == self) {
                continue;
            }
            long wait = (deadline - System.nanoTime()) / 1_000_000L;
            try {
                if (wait > 0) {
                    t.join(wait);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                left.add(t.getName());
            }
        }
        return left;
    }

    /** After a detach, before the next attach: threads may run again, and an earlier failure is forgotten. */
    static void reset() {
        ending = false;
        failedThread = null;
        firstFailure = null;
    }

    /** The thread of the agent's shutdown hook: it lets go of the {@link ExitReserve} before anything else. */
    static Thread exitHook(String name, Runnable body) {
        Thread t = new Thread(new Body(body, true, true), name);
        t.setDaemon(true);
        return t;
    }

    private static volatile Thread failedThread;
    private static volatile Throwable firstFailure;

    /** Keeps the first failure; allocates nothing (it may be an OutOfMemoryError). */
    static void failed(Thread thread, Throwable t) {
        if (firstFailure == null) {
            failedThread = thread;
            firstFailure = t;
        }
    }

    /** The first exception that ended an agent thread ("thread: exception"), or null. */
    static String firstFailure() {
        Throwable t = firstFailure;
        return t == null ? null : failedThread.getName() + ": " + t;
    }

    /** A named class rather than a lambda (see {@link TaperTransformer}: no java.lang.invoke at start-up). */
    static final class Body implements Runnable {
        private final Runnable body;
        private final boolean agentOnly;
        private final boolean releasesReserve;

        Body(Runnable body, boolean agentOnly, boolean releasesReserve) {
            this.body = body;
            this.agentOnly = agentOnly;
            this.releasesReserve = releasesReserve;
        }

        @Override
        public void run() {
            if (releasesReserve) {
                ExitReserve.release();
            }
            if (agentOnly) {
                TaperTransformer.markAgentThread();
            }
            Bypass.enter();
            try {
                body.run();
            } catch (Throwable t) {
                // never printed on the program's stderr as an uncaught exception (e.g. the heap is gone)
                AgentThreads.failed(Thread.currentThread(), t);
            }
        }
    }
}
