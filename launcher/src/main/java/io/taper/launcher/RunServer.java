package io.taper.launcher;

import io.taper.protocol.CacheDirectories;
import io.taper.protocol.ServerClassArchive;
import io.taper.protocol.SharedServerPaths;
import io.taper.protocol.SharedServerStart;
import io.taper.protocol.TaperConfig;
import io.taper.result.ResultKeys.Launch;
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
    private final SharedSession session;
    private final Path work;
    private String problem;

    private RunServer(ServerProcess process, SharedSession session, Path work, String problem, long started,
                      Map<String, Object> launch, RunOptions o) {
        this.process = process;
        this.session = session;
        this.work = work;
        this.problem = problem;
        this.started = started;
        this.launch = launch;
        this.o = o;
    }

    /** How long a run waits for the shared server to write its session's statistics. */
    static final long SESSION_END_MILLIS = 10_000;

    private final long started;
    private final Map<String, Object> launch;
    private final RunOptions o;

    /** Starts the server; {@link #awaitReady} waits for it. A server that cannot even be started is a problem now. */
    static RunServer launch(RunOptions o, TaperHome home, Path config, Path work, Map<String, Object> launch) {
        long started = System.nanoTime();
        ServerProcess server = null;
        String problem = null;
        if (o.sharedServer() != null) {
            try {
                // a server that outlives the run maps the user's archive and writes none
                SharedSession session = SharedSession.open(new SharedServerPaths(o.sharedServer()), o.serverJava(),
                    home.serverJar(), archive(o, home, false), SharedServerStart.DEFAULT_IDLE_STOP_SECONDS, config);
                launch.put(Launch.SHARED_SERVER, session.description());
                return new RunServer(null, session, work, null, started, launch, o);
            } catch (IOException | RuntimeException e) {
                // the run goes on with a server of its own
                launch.put(Launch.SHARED_SERVER, Map.of("dir", o.sharedServer().toString(), "unavailable",
                    String.valueOf(e.getMessage())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                problem = "interrupted while opening a session on the shared server";
                return new RunServer(null, null, work, problem, started, launch, o);
            }
        }
        try {
            ServerClassArchive archive = archive(o, home, true);
            launch.put(Launch.SERVER_CLASS_ARCHIVE, archive.file() == null ? "none"
                : (archive.writes() ? "written at exit: " : "mapped: ") + archive.file());
            server = ServerProcess.start(o.serverJava(), home.serverJar(), config, work, archive);
        } catch (IOException | LauncherException e) {
            problem = "cannot start the server: " + e.getMessage();
        }
        return new RunServer(server, null, work, problem, started, launch, o);
    }

    /** The server's class-data archive, none with the cache off; {@code writes}: written at exit when missing. */
    private static ServerClassArchive archive(RunOptions o, TaperHome home, boolean writes) {
        return TaperConfig.OFF.equals(o.cache()) ? ServerClassArchive.none()
            : ServerClassArchive.plan(o.serverJava(), home.serverJar(), CacheDirectories.classArchives(Path.of(o.cache())),
                writes);
    }

    /** Waits until the server is ready (or the start-up timeout passes); records the time and any problem. */
    void awaitReady() throws InterruptedException {
        if (problem == null && session == null) {
            problem = process.awaitReady(Duration.ofSeconds(o.serverStartTimeoutSeconds()));
        }
        launch.put(Launch.SERVER_START_MILLIS, (System.nanoTime() - started) / 1_000_000);
        if (problem != null) {
            launch.put(Stats.SERVER_PROBLEM, problem);
        }
    }

    /** Whether the server came up; if not, the observed program runs without instrumentation. */
    boolean ready() {
        return problem == null;
    }

    /** Stops the server after the program ended; records its CPU time and any problem in {@code launch}. */
    void close(Map<String, Object> launch) throws InterruptedException {
        long cpu = -1;
        if (session != null) {
            problem = session.close(SESSION_END_MILLIS);
        }
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
