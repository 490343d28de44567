package io.taper.launcher;

import java.io.IOException;
import java.util.List;

/** The observed JVM: its output streams straight to ours; we time it and sample its CPU. */
final class ObservedRun {

    private final Process process;
    private final CpuSampler cpu;
    private final long startNanos;
    private long wallMillis = -1;

    private ObservedRun(Process process, long startNanos) {
        this.process = process;
        this.startNanos = startNanos;
        this.cpu = new CpuSampler(process.toHandle());
    }

    static ObservedRun start(List<String> command) throws IOException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).inheritIO().start();
        return new ObservedRun(p, t0);
    }

    Process process() {
        return process;
    }

    int waitFor() throws InterruptedException {
        int exit = process.waitFor();
        wallMillis = (System.nanoTime() - startNanos) / 1_000_000;
        cpu.close();
        return exit;
    }

    long wallMillis() {
        return wallMillis;
    }

    long cpuMillis() {
        return cpu.lastMillis();
    }
}
