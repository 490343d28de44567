package io.taper.analysis.methodtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The threads method-time starts in the observed JVM (its samplers) and the streams they read, so that a reset after a
 * detach can end them: they would otherwise sample for the rest of the JVM's life, into state the next session reads,
 * beside the samplers that session starts. Each sampler ends when interrupted (it sleeps between samples) or when its
 * stream is closed (the Flight Recorder's blocks its thread until then). No Flight Recorder types here: a JVM without
 * {@code jdk.jfr} loads this class too.
 */
final class SamplerThreads {

    /** How long a reset waits for the samplers to end, in all. */
    static final long END_MILLIS = 2_000;

    private static final List<Thread> THREADS = new ArrayList<>();
    private static final List<AutoCloseable> STREAMS = new ArrayList<>();

    private SamplerThreads() {
    }

    /** Starts a sampler's daemon thread, known to {@link #endAll} from before it runs. */
    static Thread start(Runnable sampler, String name) {
        Thread t = new Thread(sampler, name);
        t.setDaemon(true);
        synchronized (SamplerThreads.class) {
            THREADS.add(t);
        }
        t.start();
        return t;
    }

    /**
     * Called on a sampler's thread with the stream it is about to read until it is closed; false if the thread was told
     * to end meanwhile, and the caller then closes the stream itself and ends.
     */
    static synchronized boolean reading(AutoCloseable stream) {
        if (Thread.currentThread().isInterrupted()) {
            return false;
        }
        STREAMS.add(stream);
        return true;
    }

    /**
     * Ends every sampler started so far: interrupts its thread (under the lock, so that one about to register its
     * stream sees it), closes its stream and waits for it at most {@link #END_MILLIS} in all. Returns the number of
     * threads still running then.
     */
    static int endAll() {
        List<Thread> threads;
        List<AutoCloseable> streams;
        synchronized (SamplerThreads.class) {
            threads = new ArrayList<>(THREADS);
            streams = new ArrayList<>(STREAMS);
            THREADS.clear();
            STREAMS.clear();
            for (Thread t : threads) {
                if (t != Thread.currentThread()) {
                    t.interrupt();
                }
            }
        }
        for (AutoCloseable s : streams) {
            try {
                s.close();
            } catch (Exception e) {
                // its thread was interrupted as well: the wait below tells whether it ended
            }
        }
        long deadline = System.nanoTime() + END_MILLIS * 1_000_000L;
        int left = 0;
        for (Thread t : threads) {
            long wait = (deadline - System.nanoTime()) / 1_000_000L;
            try {
                if (wait > 0 && t != Thread.currentThread()) {
                    t.join(wait);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            left += t.isAlive() ? 1 : 0;
        }
        return left;
    }
}
