package io.taper.launcher;

import java.io.IOException;
import java.util.List;

/**
 * The observed JVM: its stdin and stdout are ours, its stderr is copied to ours as it comes
 * ({@link ErrorStreamTee}, which notes an OutOfMemoryError); we time it and sample its CPU.
 */
final class ObservedRun {

    private final Process process;
    private final CpuSampler cpu;
    private final long startNanos;
    private long wallMillis = -1;

    private final ErrorStreamTee stderr;
    private final Thread tee;

    private ObservedRun(Process process, long startNanos) {
        this.process = process;
        this.startNanos = startNanos;
        this.cpu = new CpuSampler(process.toHandle());
        this.stderr = new ErrorStreamTee(process.getErrorStream());
        this.tee = new Thread(stderr, "taper-program-stderr");
        tee.setDaemon(true);
        tee.start();
    }

    static ObservedRun start(List<String> command) throws IOException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).inheritIO().redirectError(ProcessBuilder.Redirect.PIPE).start();
        return new ObservedRun(p, t0);
    }

    /** True if the program's stderr reported an OutOfMemoryError (valid after {@link #waitFor}). */
    boolean sawOutOfMemory() {
        return stderr.sawOutOfMemory();
    }

    Process process() {
        return process;
    }

    int waitFor() throws InterruptedException {
        int exit = process.waitFor();
        wallMillis = (System.nanoTime() - startNanos) / 1_000_000;
        tee.join(5_000);         // the rest of its stderr (a child process that inherited it may keep it open)
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
