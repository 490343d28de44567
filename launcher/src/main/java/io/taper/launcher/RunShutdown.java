package io.taper.launcher;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What happens when {@code taper run} itself is told to stop (SIGTERM, SIGINT, the JVM shutting down): the
 * observed program gets SIGTERM too (it may be in another process group, as under {@code timeout} or a CI
 * runner), so that its agent writes its results; after {@link #GRACE_SECONDS} it is killed. The hook then waits,
 * a bounded time, for the launcher to write {@code result.json} from what there is, so a stopped run still
 * leaves its results and never an orphaned JVM.
 */
final class RunShutdown {

    static final int GRACE_SECONDS = 10;
    private static final int WRITE_SECONDS = 20;

    private final CountDownLatch written = new CountDownLatch(1);
    private final Thread hook;
    private volatile Process observed;
    private volatile boolean stopping;

    RunShutdown() {
        hook = new Thread(this::stop, "taper-run-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The observed JVM, once started. */
    void observed(Process p) {
        observed = p;
    }

    /** True if the launcher is being stopped (the program's end was not its own). */
    boolean stopping() {
        return stopping;
    }

    /** The launcher wrote its results (or gave up): the hook may let the JVM end. */
    void done() {
        written.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook is running: it returns now that the results are written
        }
    }

    private void stop() {
        stopping = true;
        Process p = observed;
        if (p != null && p.isAlive()) {
            System.err.println("[taper] stopping: the program gets SIGTERM (killed after " + GRACE_SECONDS + " s)");
            p.destroy();
            try {
                if (!p.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            written.await(WRITE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
