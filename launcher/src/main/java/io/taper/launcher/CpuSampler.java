package io.taper.launcher;

import java.time.Duration;

/**
 * CPU time of a child process. The JDK can only read it while the process lives, so it is sampled
 * every 50 ms and the last sample is kept: the figure may miss the last 50 ms of a run.
 */
final class CpuSampler implements AutoCloseable {

    private final ProcessHandle handle;
    private final Thread thread;
    private volatile long lastMillis = -1;

    CpuSampler(ProcessHandle handle) {
        this.handle = handle;
        this.thread = new Thread(this::loop, "taper-cpu-sampler-" + handle.pid());
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        while (handle.isAlive()) {
            sampleNow();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    void sampleNow() {
        handle.info().totalCpuDuration().map(Duration::toMillis).ifPresent(ms -> lastMillis = ms);
    }

    /** Milliseconds of CPU (user + system), or -1 if the platform does not tell. */
    long lastMillis() {
        return lastMillis;
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
