package io.taper.server;

import io.taper.protocol.TaperConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The server's command line (picocli). */
@Command(name = "taper-server", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Taper's instrumentation server: weaves the classes an agent sends over a Unix domain socket.",
        "Prints 'TAPER-SERVER-READY <socket>' on stdout when it accepts connections; stops when stdin closes",
        "(or on SIGTERM) and then writes OUT/server-stats.json. Logs go to WORK/server.log."})
final class ServerCommand implements Callable<Integer> {

    @Option(names = "--config", paramLabel = "FILE",
        description = "The run's taper.properties (keys: socket, token, analysis.jar, work, out, dump, ...).")
    Path config;

    @Option(names = "--shared", paramLabel = "DIR",
        description = "Serve as the user's shared server in DIR (its socket, token and log) instead: every JVM that "
            + "asks opens a session of its own (no --config). Ignores stdin; stops on SIGTERM or when idle.")
    Path shared;

    @Option(names = "--idle-stop", paramLabel = "SECONDS", defaultValue = io.taper.protocol.SharedServerStart.DEFAULT_IDLE_STOP,
        description = "With --shared: stop after this many seconds without a session. Default: ${DEFAULT-VALUE}.")
    long idleStopSeconds;

    @Option(names = "--dump", paramLabel = "DIR",
        description = "Write DIR/<class>.orig.class, .woven.class and .woven.N.class for every class (overrides 'dump').")
    Path dump;

    /** {@code --warm-up}'s default. */
    static final String DEFAULT_WARM_UP_MILLIS = "1000";

    @Option(names = "--warm-up", paramLabel = "MS", defaultValue = DEFAULT_WARM_UP_MILLIS,
        description = "Before signalling readiness, weave this JVM's own classes for up to MS milliseconds, so the "
            + "observed JVM's start-up finds the weaver compiled (0: no warm-up). Default: ${DEFAULT-VALUE}.")
    long warmUpMillis;

    @Option(names = "--ignore-stdin",
        description = "Do not stop when stdin closes (for running the server by hand); stop with SIGTERM.")
    boolean ignoreStdin;

    /**
     * The command for the one command line that launchers and agents use ({@code --config FILE}, see
     * {@link io.taper.protocol.ServerCommandLine}), with every other option at its default; null for any other
     * command line, which picocli parses. Building picocli's model of this command takes about 80 ms of a server's
     * start, and a program's premain waits for the server to be ready.
     */
    static ServerCommand launchedAs(String[] args) {
        if (args.length != 2 || !args[0].equals("--config") || args[1].isEmpty() || args[1].startsWith("-")) {
            return null;
        }
        ServerCommand c = new ServerCommand();
        c.config = Path.of(args[1]);
        c.warmUpMillis = Long.parseLong(DEFAULT_WARM_UP_MILLIS);
        return c;
    }

    @Override
    public Integer call() {
        if ((config == null) == (shared == null)) {
            System.err.println("taper-server: give either --config FILE or --shared DIR");
            return 2;
        }
        if (shared != null) {
            return shared();
        }
        PrintStream stdout = System.out;
        InstrumentationServer server;
        try {
            TaperConfig c = TaperConfig.load(config);
            if (dump != null) {
                c = c.with(TaperConfig.DUMP, dump.toAbsolutePath().toString());
            }
            Path work = c.work();
            Files.createDirectories(work);
            configureLogging(work.resolve("server.log"));
            server = InstrumentationServer.start(c, warmUpMillis);
        } catch (IOException | RuntimeException e) {
            System.err.println("taper-server: cannot start: " + e.getMessage());
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "taper-server-shutdown"));
        stdout.println(InstrumentationServer.READY + " " + server.socketPath());
        stdout.flush();
        try {
            if (ignoreStdin) {
                server.awaitStopped();
            } else {
                drain(System.in);
                server.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.close();
        }
        return 0;
    }

    private int shared() {
        SharedServer server;
        try {
            io.taper.protocol.SharedServerPaths paths = new io.taper.protocol.SharedServerPaths(shared.toAbsolutePath());
            Files.createDirectories(paths.dir());
            configureLogging(paths.log());
            server = SharedServer.start(paths, idleStopSeconds);
        } catch (IOException | RuntimeException e) {
            System.err.println("taper-server: cannot start: " + e.getMessage());
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "taper-server-shutdown"));
        System.out.println(InstrumentationServer.READY + " " + server.socketPath());
        System.out.flush();
        try {
            server.awaitStopped();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.close();
        }
        return 0;
    }

    /** Returns at the end of stdin: the launcher closes it to stop the server. */
    private static void drain(InputStream in) {
        byte[] b = new byte[256];
        try {
            while (in.read(b) >= 0) {
                // nothing is expected on stdin; only its end matters
            }
        } catch (IOException e) {
            // a broken stdin means the launcher is gone: stop as well
        }
    }

    /**
     * slf4j-simple reads these when the first logger is created, which happens after this. Each line starts with the
     * milliseconds since the server started, not a time of day: formatting one loads the JDK's locale data at the
     * first line (about 40 ms of CPU that the program's start-up shares two cores with).
     */
    private static void configureLogging(Path logFile) {
        setIfAbsent("org.slf4j.simpleLogger.logFile", logFile.toString());
        setIfAbsent("org.slf4j.simpleLogger.showDateTime", "true");
        setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "info");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
