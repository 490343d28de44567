package io.taper.launcher;

import io.taper.result.ResultKeys.Stats;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The instrumentation server of one run, from start to close, and what went wrong with it: a problem is recorded,
 * never thrown, because the observed program runs whether or not the server does.
 */
final class RunServer {

    private final ServerProcess process;
    private final Path work;
    private String problem;

    private RunServer(ServerProcess process, Path work, String problem) {
        this.process = process;
        this.work = work;
        this.problem = problem;
    }

    /** Starts the server and waits until it is ready (or the start-up timeout passes). */
    static RunServer start(RunOptions o, TaperHome home, Path config, Path work, Map<String, Object> launch)
            throws InterruptedException {
        long started = System.nanoTime();
        ServerProcess server = null;
        String problem;
        try {
            server = ServerProcess.start(o.serverJava(), home.serverJar(), config, work);
            problem = server.awaitReady(Duration.ofSeconds(o.serverStartTimeoutSeconds()));
        } catch (IOException | LauncherException e) {
            problem = "cannot start the server: " + e.getMessage();
        }
        launch.put("serverStartMillis", (System.nanoTime() - started) / 1_000_000);
        if (problem != null) {
            launch.put(Stats.SERVER_PROBLEM, problem);
        }
        return new RunServer(server, work, problem);
    }

    /** Whether the server came up; if not, the observed program runs without instrumentation. */
    boolean ready() {
        return problem == null;
    }

    /** Stops the server after the program ended; records its CPU time and any problem in {@code launch}. */
    void close(Map<String, Object> launch) throws InterruptedException {
        long cpu = -1;
        if (process != null) {
            if (!process.isAlive() && problem == null) {
                problem = "server died during the run (see " + work.resolve("server.log") + ")";
            }
            String closing = process.close();
            if (closing != null) {
                problem = problem == null ? closing : problem + "; " + closing;
            }
            cpu = process.cpuMillis();
        }
        if (problem != null) {
            launch.put(Stats.SERVER_PROBLEM, problem);
        }
        launch.put(Stats.SERVER_CPU_MILLIS, cpu);
    }
}
