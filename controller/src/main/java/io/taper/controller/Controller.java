package io.taper.controller;

import io.taper.controller.internal.ControlLoop;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The running controller of this JVM, returned by {@link ControllerBootstrap#start}. The agent stops it in
 * its shutdown hook and puts {@link #stats()} under {@code "stats"."controller"} of agent-result.json.
 */
public final class Controller {

    private static final long STOP_TIMEOUT_MILLIS = 5_000;

    private final ControlLoop loop;
    private final Thread thread;
    private final String mode;
    private final String error;

    Controller(ControlLoop loop, Thread thread, String mode, String error) {
        this.loop = loop;
        this.thread = thread;
        this.mode = mode;
        this.error = error;
    }

    /** Stops stepping; waits up to 5 s for a retransformation pass in progress. Idempotent. */
    public void stop() {
        loop.signalStop();
        if (thread != null && thread != Thread.currentThread()) {
            try {
                thread.join(STOP_TIMEOUT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Runs one step now, on the calling thread (tests and tools; the controller thread does it every period). */
    public void stepNow() {
        loop.stepOnce();
    }

    /** True once the removal of this site is confirmed by the class's woven code. */
    public boolean isRemoved(int siteId) {
        return loop.isRemoved(siteId);
    }

    /**
     * JSON-shaped statistics: strategy, steps, sites woven/dead/removed (with the time of each removal,
     * ms since the controller started), re-deployed, variant switches, retransformation batches, classes,
     * failures and pause milliseconds (total, median and max per batch), a per-batch log, and the strategy's
     * own statistics ({@code strategyStats}, if it reports any).
     */
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", mode);
        if (error != null) {
            m.put("error", error);
        }
        m.put("threadAlive", thread != null && thread.isAlive());
        m.putAll(loop.stats());
        return m;
    }
}
