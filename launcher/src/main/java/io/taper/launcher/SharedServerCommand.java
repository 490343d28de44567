package io.taper.launcher;

import io.taper.protocol.CacheDirectories;
import io.taper.protocol.ServerClassArchive;
import io.taper.protocol.SharedServerPaths;
import io.taper.protocol.SharedServerStart;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./taper server start|status|stop}: the user's shared instrumentation server, which the JVMs of
 * {@code taper agent} (and the Maven plugin's) join instead of starting a server each.
 */
@Command(name = "server", mixinStandardHelpOptions = true,
        description = {"Starts, shows or stops the user's shared instrumentation server: one server process",
            "for every JVM started with 'taper agent' (a build's forked test JVMs), each in a session of its",
            "own. A JVM starts it when none runs; it stops after --idle-stop seconds without a session.",
            "start: starts it (if none runs) and prints its socket. status: its sessions and uptime as JSON",
            "(exit code 3 if none runs). stop: stops it; open sessions write their statistics first."},
        footer = {"", "Example:", "  ./taper server start --idle-stop 3600 && mvn verify && ./taper server stop"})
public final class SharedServerCommand implements Callable<Integer> {

    /** What to do. */
    enum Action { start, status, stop }

    @Parameters(paramLabel = "ACTION", description = "start, status or stop.")
    Action action;

    @Option(names = "--server-dir", paramLabel = "DIR",
            description = "The server's directory (socket, token, log). Default: the user's, per Taper build: "
                + "$XDG_CACHE_HOME/taper/server/BUILD, else ~/.cache/taper/server/BUILD.")
    Path dir;

    @Option(names = "--idle-stop", paramLabel = "SECONDS", defaultValue = SharedServerStart.DEFAULT_IDLE_STOP,
            description = "start: stop after this many seconds without a session. Default: ${DEFAULT-VALUE}.")
    long idleStopSeconds;

    private final PrintStream out;
    private final PrintStream err;

    public SharedServerCommand() {
        this(System.out, System.err);
    }

    SharedServerCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        try {
            TaperHome home = TaperHome.locate();
            SharedServerPaths paths = dir != null ? new SharedServerPaths(dir.toAbsolutePath())
                : SharedServerPaths.forServerJar(home.serverJar());
            switch (action) {
                case start:
                    return start(home, paths);
                case status:
                    return status(paths);
                default:
                    return stop(paths);
            }
        } catch (LauncherException e) {
            err.println("taper server: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("taper server: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    private int start(TaperHome home, SharedServerPaths paths) throws IOException, InterruptedException {
        if (idleStopSeconds < 1) {
            throw new LauncherException("--idle-stop: expected at least 1 second");
        }
        out.println((ensureRunning(home, paths, idleStopSeconds) ? "started " : "already running ") + paths.socket());
        return 0;
    }

    /** Starts the shared server unless one runs (under its start lock); true if this call started it. */
    static boolean ensureRunning(TaperHome home, SharedServerPaths paths, long idleStopSeconds)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ServerClassArchive archive = ServerClassArchive.plan(Path.of(java), home.serverJar(),
            CacheDirectories.classArchives(CacheDirectories.defaultWoven()), false);
        boolean[] started = new boolean[1];
        try (SocketChannel ch = SharedServerStart.connectOrStart(paths, java, home.serverJar().toString(), archive,
                idleStopSeconds, started)) {
            return started[0];
        }
    }

    private int status(SharedServerPaths paths) throws IOException {
        String json = SharedServerStart.status(paths);
        if (json == null) {
            err.println("taper server: no shared server runs in " + paths.dir());
            return 3;
        }
        out.println(json);
        return 0;
    }

    private int stop(SharedServerPaths paths) throws IOException, InterruptedException {
        try (SocketChannel ch = SharedServerStart.connect(paths)) {
            if (ch == null || !Files.exists(paths.pid())) {
                out.println("no shared server runs in " + paths.dir());
                return 0;
            }
        }
        long pid = Long.parseLong(Files.readString(paths.pid(), StandardCharsets.UTF_8).trim());
        ProcessHandle p = ProcessHandle.of(pid).orElse(null);
        if (p == null) {
            out.println("no shared server runs in " + paths.dir());
            return 0;
        }
        p.destroy();   // SIGTERM: its shutdown hook ends the sessions
        if (!p.onExit().toCompletableFuture().completeOnTimeout(null, 15, TimeUnit.SECONDS).thenApply(x -> !p.isAlive())
                .join()) {
            throw new IOException("the shared server (pid " + pid + ") did not stop within 15 s");
        }
        out.println("stopped " + paths.socket() + " (pid " + pid + ")");
        return 0;
    }
}
