package io.taper.launcher;

import io.taper.protocol.ServerClassArchive;
import io.taper.protocol.ServerCommandLine;
import io.taper.protocol.ProcessStates;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The instrumentation server as a child process. It signals readiness with one line on its stdout
 * ({@value #READY}); it stops when its stdin closes.
 */
final class ServerProcess {

    static final String READY = ServerCommandLine.READY;

    private final Process process;
    private final ServerClassArchive archive;
    private final CountDownLatch ready = new CountDownLatch(1);
    private final CpuSampler cpu;
    private volatile String failure;

    private ServerProcess(Process process, ServerClassArchive archive, Path stdoutLog) {
        this.process = process;
        this.archive = archive;
        this.cpu = new CpuSampler(process.toHandle());
        Thread reader = new Thread(() -> drain(stdoutLog), "taper-server-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    static ServerProcess start(Path java, Path serverJar, Path config, Path workDir, ServerClassArchive archive)
            throws IOException {
        List<String> cmd = ServerCommandLine.of(java.toString(), serverJar.toString(), config.toString(), archive);
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectError(workDir.resolve("server.stderr").toFile());
        Process p = pb.start();
        // Tests (and people) who need to find the server: its pid next to its logs.
        Files.writeString(workDir.resolve("server.pid"), Long.toString(p.pid()));
        return new ServerProcess(p, archive, workDir.resolve("server.stdout"));
    }

    private void drain(Path log) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter w = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith(READY)) {
                    ready.countDown();
                }
                w.println(line);
                w.flush();
            }
        } catch (IOException e) {
            failure = "server stdout: " + e.getMessage();
        } finally {
            if (ready.getCount() > 0 && failure == null) {
                failure = "server exited before it was ready" + exitSuffix();
            }
            ready.countDown();
        }
    }

    private String exitSuffix() {
        try {
            if (process.waitFor(2, TimeUnit.SECONDS)) {
                return " (exit code " + process.exitValue() + ")";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "";
    }

    /** Waits for the readiness line; returns null when ready, else why not. */
    String awaitReady(Duration timeout) throws InterruptedException {
        if (!ready.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return "server not ready after " + timeout.toSeconds() + " s";
        }
        return failure;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long cpuMillis() {
        return cpu.lastMillis();
    }

    /**
     * Closes stdin (the server's signal to write its statistics and exit), then escalates. A server that is
     * stopped (SIGSTOP, a debugger) cannot answer: it is killed at once instead of waited for.
     *
     * @return null if the server stopped by itself, else what was wrong and what was done about it
     */
    public String close() throws InterruptedException {
        cpu.sampleNow();
        String problem = null;
        try {
            OutputStream in = process.getOutputStream();
            in.close();
        } catch (IOException ignored) {
            // already gone
        }
        if (process.isAlive() && ProcessStates.isStopped(ProcessStates.of(process.pid()))) {
            problem = "server was stopped (not running) at the end of the run: killed without waiting";
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        } else if (!process.waitFor(10, TimeUnit.SECONDS)) {
            problem = "server did not exit within 10 s after the run";
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
                problem += ": killed";
            } else {
                problem += ": terminated";
            }
        }
        cpu.close();
        archive.publish(problem == null && !process.isAlive() && process.exitValue() == 0);
        return problem;
    }
}
