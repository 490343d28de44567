package io.taper.server;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import io.taper.protocol.ErrorMessage;
import io.taper.protocol.HelloOk;
import io.taper.protocol.Messages;
import io.taper.protocol.TaperConfig;
import io.taper.result.Mode;
import io.taper.result.StartupPass;
import io.taper.server.internal.AheadWeaving;
import io.taper.server.internal.ClassDump;
import io.taper.server.internal.ConnectionHandler;
import io.taper.server.internal.DaemonThreads;
import io.taper.server.internal.PreparedAnalysis;
import io.taper.server.internal.ServerStats;
import io.taper.server.internal.SocketDirectory;
import io.taper.server.internal.StartupClasses;
import io.taper.server.internal.StartupReplay;
import io.taper.server.internal.WeaverSetup;
import java.io.IOException;
import java.io.Writer;
import java.net.StandardProtocolFamily;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * The instrumentation server: a Unix domain socket in a directory only this user can open, a per-run
 * token checked in HELLO, one thread per agent connection, and the weaver behind it.
 *
 * <p>As a process ({@link #main}): {@code java -jar taper-server.jar --config RUN/taper.properties
 * [--dump DIR]} prints exactly one line {@code TAPER-SERVER-READY <socket>} on stdout once it accepts
 * connections, and stops (writing {@code OUT/server-stats.json}) when its stdin closes or on SIGTERM.
 * In-process ({@link #start}): for tests and tools.
 */
public final class InstrumentationServer implements AutoCloseable {

    /** The readiness line's first word; the socket path follows after one space. */
    public static final String READY = io.taper.protocol.ServerCommandLine.READY;
    /** Connections beyond this are answered with ERROR and closed: an agent needs a handful. */
    public static final int MAX_CONNECTIONS = 64;
    /** Connections accepted but not yet greeted (no valid HELLO) at a time; see {@code admit()}. */
    public static final int MAX_UNGREETED = 16;
    /** A connection that has not sent a valid HELLO by then is closed, so it cannot hold a thread. */
    public static final long HELLO_DEADLINE_MILLIS = 10_000;

    private final Logger log = LoggerFactory.getLogger(InstrumentationServer.class);
    private final Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();
    private final TaperConfig config;
    private final Path socket;
    private final ServerSocketChannel listener;
    private final PreparedAnalysis analysis;
    private final ClassDump dump;
    private final ServerStats stats;
    private final HelloOk helloOk;
    private final StartupReplay startup;
    private final AheadWeaving ahead;
    private final ExecutorService workers = Executors.newCachedThreadPool(new DaemonThreads("taper-conn"));
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(new DaemonThreads("taper-timer"));
    private final Set<ConnectionHandler> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger nextConnection = new AtomicInteger(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch stopped = new CountDownLatch(1);

    private InstrumentationServer(TaperConfig config, PreparedAnalysis analysis, ServerStats stats) throws IOException {
        this.config = config;
        this.analysis = analysis;
        this.stats = stats;
        this.socket = config.socket().toAbsolutePath();
        this.dump = config.dump().map(ClassDump::new).orElse(null);
        // With a dump, every class is woven as it is asked for, so that the dump holds what the JVM was given.
        StartupClasses kept = dump == null ? StartupClasses.of(config) : null;
        int replayThreads = Math.min(2, Runtime.getRuntime().availableProcessors());
        this.startup = config.startupPass() == StartupPass.BACKGROUND
            ? StartupReplay.deferred(kept, analysis.engine(), stats, replayThreads, config.mode() == Mode.ADAPTIVE)
            : StartupReplay.start(kept, analysis.engine(), stats, replayThreads, config.mode() == Mode.ADAPTIVE);
        stats.onStartup(startup::stats);
        this.ahead = new AheadWeaving(config.mode() == Mode.ADAPTIVE, AheadWeaving.defaultLimitBytes(),
            Math.min(2, Runtime.getRuntime().availableProcessors()));
        stats.onAhead(ahead::stats);
        this.helloOk = new HelloOk(analysis.preparedJar().toAbsolutePath().toString(), analysis.resultsClass(),
            ProcessHandle.current().pid());
        SocketDirectory.prepare(socket);
        this.listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            SocketDirectory.bindListening(listener, socket, MAX_CONNECTIONS);
        } catch (IOException e) {
            listener.close();
            throw new IOException("cannot bind " + socket + ": " + e.getMessage(), e);
        }
        Thread accept = new Thread(this::acceptLoop, "taper-accept");
        accept.setDaemon(true);
        accept.start();
    }

    /** The server process. Exit code 0 after a normal stop, 1 if it could not start, 2 for bad arguments. */
    public static void main(String[] args) {
        ServerCommand launched = ServerCommand.launchedAs(args);
        System.exit(launched != null ? launched.call() : new CommandLine(new ServerCommand()).execute(args));
    }

    /**
     * Loads and prepares the analysis named in the configuration ({@code WORK/analysis-prepared.jar}) and
     * starts serving on its socket.
     */
    public static InstrumentationServer start(TaperConfig config) throws IOException {
        return start(config, 0);
    }

    /**
     * As {@link #start(TaperConfig)}, after warming the weaver up for about {@code warmUpMillis} on this
     * JVM's own classes (the command line does this; see {@code --warm-up}).
     */
    public static InstrumentationServer start(TaperConfig config, long warmUpMillis) throws IOException {
        ServerStats stats = new ServerStats();
        return start(config, WeaverSetup.prepare(config, warmUpMillis, stats), stats);
    }

    /** Starts serving an already prepared analysis (tests use this to serve a chosen engine). */
    public static InstrumentationServer start(TaperConfig config, PreparedAnalysis analysis, ServerStats stats)
            throws IOException {
        InstrumentationServer s = new InstrumentationServer(config, analysis, stats);
        stats.onReady();
        s.log.info("serving {} on {} (results {}, dump {})", analysis.preparedJar(), s.socket, analysis.resultsClass(),
            config.dump().map(Path::toString).orElse("off"));
        return s;
    }

    public Path socketPath() {
        return socket;
    }

    /** The token a HELLO on this server's socket must carry. */
    public String token() {
        return config.token();
    }

    public ServerStats stats() {
        return stats;
    }

    /** The statistics as written to {@code server-stats.json}. */
    public String statsJson() {
        return gson.toJson(stats.toMap());
    }

    /** Blocks until {@link #close()} has finished. */
    public void awaitStopped() throws InterruptedException {
        stopped.await();
    }

    private void acceptLoop() {
        while (true) {
            SocketChannel ch;
            try {
                ch = listener.accept();
            } catch (ClosedChannelException e) {
                return; // close()
            } catch (IOException e) {
                if (!listener.isOpen()) {
                    return;
                }
                log.warn("accept failed: {}", e.toString());
                continue;
            }
            if (!admit()) {
                refuse(ch, "too many connections (" + MAX_CONNECTIONS + ")");
                continue;
            }
            int id = nextConnection.getAndIncrement();
            ConnectionHandler[] self = new ConnectionHandler[1];
            ConnectionHandler h = new ConnectionHandler(ch, id, config.token(), helloOk, analysis.engine(), dump, stats,
                this::statsJson, () -> open.remove(self[0]), startup, ahead);
            self[0] = h;
            open.add(h);
            timers.schedule(() -> {
                if (!h.greeted()) {
                    h.close();
                }
            }, HELLO_DEADLINE_MILLIS, TimeUnit.MILLISECONDS);
            workers.execute(h);
        }
    }

    /**
     * Whether a new connection may be served. Connections that have not said a valid HELLO yet have their own,
     * smaller cap, {@link #MAX_UNGREETED}: at that cap the oldest of them is closed to make room, so a flood of
     * connections without the token can never keep the agent out; greeted connections count against
     * {@link #MAX_CONNECTIONS} alone.
     */
    private boolean admit() {
        int greeted = 0;
        ConnectionHandler oldestUngreeted = null;
        int ungreeted = 0;
        for (ConnectionHandler h : open) {
            if (h.greeted()) {
                greeted++;
            } else {
                ungreeted++;
                if (oldestUngreeted == null || h.id() < oldestUngreeted.id()) {
                    oldestUngreeted = h;
                }
            }
        }
        if (ungreeted >= MAX_UNGREETED && oldestUngreeted != null) {
            stats.onRejected("a connection without HELLO closed to make room for a new one");
            oldestUngreeted.close();
        }
        return greeted < MAX_CONNECTIONS;
    }

    private void refuse(SocketChannel ch, String why) {
        log.warn("refusing a connection: {}", why);
        stats.onRejected(why);
        try (SocketChannel c = ch) {
            Messages.write(Channels.newOutputStream(c), new ErrorMessage(why));
        } catch (IOException ignored) {
            // the refused peer is not our concern
        }
    }

    /**
     * Stops accepting, closes every connection, writes {@code OUT/server-stats.json} and removes the
     * socket. Idempotent; a second caller returns when the first one is done (the stdin watcher and the
     * shutdown hook may both call it).
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            // Another thread is closing (stdin ended and SIGTERM came at once): wait for it, or the JVM
            // could exit from under it once this shutdown hook returns.
            try {
                stopped.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        try {
            listener.close();
        } catch (IOException ignored) {
            // already closed
        }
        for (ConnectionHandler h : open) {
            h.close();
        }
        workers.shutdown();
        timers.shutdownNow();
        try {
            workers.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        startup.close();
        ahead.close();
        try {
            analysis.engine().close();
        } catch (RuntimeException e) {
            log.warn("the analysis did not close cleanly: {}", e.toString());
        }
        writeStats();
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            log.warn("cannot remove {}: {}", socket, e.toString());
        }
        log.info("stopped after {} requests", stats.timings().count());
        stopped.countDown();
    }

    private void writeStats() {
        String out = config.get(TaperConfig.OUT);
        if (out == null || out.isEmpty()) {
            return;
        }
        Path file = Path.of(out).resolve("server-stats.json");
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling("server-stats.json.tmp");
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                w.write(statsJson());
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            log.error("cannot write {}: {}", file, e.toString());
        }
    }
}
