package io.taper.server;

import com.google.gson.Gson;
import io.taper.protocol.Bye;
import io.taper.protocol.ErrorMessage;
import io.taper.protocol.Message;
import io.taper.protocol.Messages;
import io.taper.protocol.PrivatePaths;
import io.taper.protocol.SessionOpen;
import io.taper.protocol.SessionOpened;
import io.taper.protocol.SharedServerPaths;
import io.taper.protocol.SharedServerStart;
import io.taper.protocol.StatsReply;
import io.taper.protocol.StatsRequest;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.TaperConfigException;
import io.taper.server.internal.DaemonThreads;
import io.taper.server.internal.SocketDirectory;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One instrumentation server for every JVM of a user that asks for it (a build's forked test JVMs): each JVM opens a
 * session ({@link SessionOpen}) and gets an {@link InstrumentationServer} of its own in this process, with its own
 * socket, token, site ids, weaver and statistics, so that one JVM's bad input, crash or exit touches no other's. What
 * the sessions share is this JVM: its compiled weaver, its class-data archive and the woven-class cache on disk. A
 * session ends when its JVM closes the connection that opened it (or dies); the server stops after
 * {@code idleSeconds} without a session, on SIGTERM, or when its socket is taken from it.
 */
public final class SharedServer implements AutoCloseable {

    /** A connection that has not said SESSION_OPEN or STATS by then is closed. */
    static final long FIRST_MESSAGE_DEADLINE_MILLIS = 10_000;
    /** The largest first message read: a configuration is a few kilobytes. */
    static final int MAX_OPEN_PAYLOAD = 1 << 20;
    /** Sessions at once; the next JVM is refused and starts a server of its own. */
    public static final int MAX_SESSIONS = 256;

    private static final Logger LOG = LoggerFactory.getLogger(SharedServer.class);

    private final SharedServerPaths paths;
    private final long idleMillis;
    private final byte[] token;
    private final ServerSocketChannel listener;
    private final ExecutorService workers = Executors.newCachedThreadPool(new DaemonThreads("taper-session"));
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(new DaemonThreads("taper-idle"));
    private final Set<InstrumentationServer> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger nextSession = new AtomicInteger(1);
    private final AtomicLong sessionsOpened = new AtomicLong();
    private final AtomicLong sessionsRefused = new AtomicLong();
    private final long startNanos = System.nanoTime();
    private volatile long idleSinceNanos = System.nanoTime();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch stopped = new CountDownLatch(1);

    private SharedServer(SharedServerPaths paths, long idleSeconds) throws IOException {
        this.paths = paths;
        this.idleMillis = TimeUnit.SECONDS.toMillis(idleSeconds);
        if (answers(paths)) {
            throw new IOException("a shared server already runs on " + paths.socket());
        }
        SocketDirectory.prepare(paths.socket());
        this.token = HexFormat.of().formatHex(PrivatePaths.secretBytes(16)).getBytes(StandardCharsets.UTF_8);
        writePrivate(paths.token(), token);
        writePrivate(paths.pid(), Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8));
        this.listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            SocketDirectory.bindListening(listener, paths.socket(), 64);
        } catch (IOException e) {
            listener.close();
            throw new IOException("cannot bind " + paths.socket() + ": " + e.getMessage(), e);
        }
        Thread accept = new Thread(this::acceptLoop, "taper-shared-accept");
        accept.setDaemon(true);
        accept.start();
        timers.scheduleWithFixedDelay(this::stopIfIdle, 1, 1, TimeUnit.SECONDS);
    }

    /** Starts serving in {@code paths.dir()}; stops after {@code idleSeconds} without a session. */
    public static SharedServer start(SharedServerPaths paths, long idleSeconds) throws IOException {
        SharedServer s = new SharedServer(paths, idleSeconds);
        LOG.info("shared server on {} (pid {}, stops after {} s without a session)", paths.socket(),
            ProcessHandle.current().pid(), idleSeconds);
        return s;
    }

    public Path socketPath() {
        return paths.socket();
    }

    /** Blocks until {@link #close()} has finished. */
    public void awaitStopped() throws InterruptedException {
        stopped.await();
    }

    /** What {@code taper server status} prints: sessions open and opened, and how long the server has run. */
    public Map<String, Object> status() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pid", ProcessHandle.current().pid());
        m.put("socket", paths.socket().toString());
        m.put("uptimeMillis", (System.nanoTime() - startNanos) / 1_000_000);
        m.put("sessionsOpen", open.size());
        m.put("sessionsOpened", sessionsOpened.get());
        m.put("sessionsRefused", sessionsRefused.get());
        m.put("idleStopSeconds", idleMillis / 1000);
        m.put("idleMillis", open.isEmpty() ? (System.nanoTime() - idleSinceNanos) / 1_000_000 : 0);
        m.put("heapUsedBytes", Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory());
        return m;
    }

    private void stopIfIdle() {
        if (open.isEmpty() && (System.nanoTime() - idleSinceNanos) / 1_000_000 >= idleMillis) {
            LOG.info("no session for {} s: stopping", idleMillis / 1000);
            close();
        } else if (!Files.exists(paths.socket())) {
            // no JVM can reach it any more: it stops now, or once the open sessions end
            LOG.warn("{} was removed: stopping once the open sessions end", paths.socket());
            if (open.isEmpty()) {
                close();
            } else {
                closeListener();
            }
        }
    }

    private void acceptLoop() {
        while (true) {
            SocketChannel ch;
            try {
                ch = listener.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (!listener.isOpen()) {
                    return;
                }
                LOG.warn("accept failed: {}", e.toString());
                continue;
            }
            workers.execute(() -> serve(ch));
        }
    }

    private void serve(SocketChannel ch) {
        AtomicBoolean greeted = new AtomicBoolean();
        timers.schedule(() -> {
            if (!greeted.get()) {
                closeQuietly(ch);
            }
        }, FIRST_MESSAGE_DEADLINE_MILLIS, TimeUnit.MILLISECONDS);
        InstrumentationServer session = null;
        try (SocketChannel c = ch) {
            InputStream in = new BufferedInputStream(Channels.newInputStream(c));
            OutputStream out = Channels.newOutputStream(c);
            Message first = Messages.read(in, MAX_OPEN_PAYLOAD);
            greeted.set(true);
            if (first instanceof StatsRequest) {
                Messages.write(out, new StatsReply(new Gson().toJson(status())));
                return;
            }
            if (first == null) {
                return;   // a probe: is a server there?
            }
            if (!(first instanceof SessionOpen open)) {
                refuse(out, "expected SESSION_OPEN or STATS, got " + io.taper.protocol.MessageType.name(first.type()));
                return;
            }
            if (!MessageDigest.isEqual(token, open.token().getBytes(StandardCharsets.UTF_8))) {
                refuse(out, "wrong token");
                return;
            }
            if (this.open.size() >= MAX_SESSIONS || closed.get()) {
                refuse(out, closed.get() ? "the shared server is stopping" : "too many sessions (" + MAX_SESSIONS + ")");
                return;
            }
            try {
                session = openSession(open);
            } catch (IOException | RuntimeException e) {
                refuse(out, "cannot open a session: " + e.getMessage());
                return;
            }
            Messages.write(out, new SessionOpened(session.socketPath().toString(), session.token(),
                ProcessHandle.current().pid()));
            // the session lasts as long as this connection: BYE, its end, or garbage end it
            while (true) {
                Message m = Messages.read(in, 64);
                if (m == null || m instanceof Bye) {
                    break;
                }
            }
            endSession(session);
            session = null;
            Messages.write(out, new Bye());   // its statistics are written: the JVM may exit
        } catch (IOException | RuntimeException e) {
            LOG.info("session connection ended: {}", e.toString());
        } finally {
            if (session != null) {
                endSession(session);
            }
        }
    }

    private InstrumentationServer openSession(SessionOpen request) throws IOException {
        int n = nextSession.getAndIncrement();
        Map<String, String> values = new LinkedHashMap<>(request.config());
        values.remove(TaperConfig.SOCKET);
        values.remove(TaperConfig.TOKEN);
        TaperConfig config = TaperConfig.of(values)
            .with(TaperConfig.SOCKET, paths.sessions().resolve(n + ".sock").toString())
            .with(TaperConfig.TOKEN, HexFormat.of().formatHex(PrivatePaths.secretBytes(16)));
        if (config.get(TaperConfig.WORK) == null) {
            throw new TaperConfigException(TaperConfig.WORK, "a session needs its work directory");
        }
        Files.createDirectories(config.work());
        // the first session warms the weaver up as a server of its own would; later ones find it compiled
        long warmUp = sessionsOpened.get() == 0 ? Long.parseLong(ServerCommand.DEFAULT_WARM_UP_MILLIS) : 0;
        InstrumentationServer s = InstrumentationServer.start(config, warmUp);
        open.add(s);
        sessionsOpened.incrementAndGet();
        LOG.info("session {} for pid {}: {} ({} open)", n, request.pid(), config.get(TaperConfig.ANALYSIS_NAME), open.size());
        return s;
    }

    private void endSession(InstrumentationServer s) {
        s.close();
        open.remove(s);
        if (open.isEmpty()) {
            idleSinceNanos = System.nanoTime();
        }
    }

    private void refuse(OutputStream out, String why) {
        sessionsRefused.incrementAndGet();
        LOG.warn("refusing a connection: {}", why);
        try {
            Messages.write(out, new ErrorMessage(why));
        } catch (IOException ignored) {
            // the refused peer is not our concern
        }
    }

    private void closeListener() {
        try {
            listener.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    /** Stops accepting, ends every session (each writes its statistics), and removes the socket and pid file. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            try {
                stopped.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        closeListener();
        for (InstrumentationServer s : open) {
            endSession(s);
        }
        timers.shutdownNow();
        workers.shutdown();
        try {
            if (Files.exists(paths.pid()) && Files.readString(paths.pid()).trim()
                    .equals(Long.toString(ProcessHandle.current().pid()))) {
                Files.deleteIfExists(paths.socket());   // not a newer server's
                Files.deleteIfExists(paths.pid());
            }
        } catch (IOException e) {
            LOG.warn("cannot remove {}: {}", paths.socket(), e.toString());
        }
        LOG.info("stopped after {} sessions", sessionsOpened.get());
        stopped.countDown();
    }

    /** Whether a server accepts connections in {@code paths}. */
    private static boolean answers(SharedServerPaths paths) throws IOException {
        try (SocketChannel c = SharedServerStart.connect(paths)) {
            return c != null;
        }
    }

    private static void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    private static void writePrivate(Path file, byte[] content) throws IOException {
        Path tmp = PrivatePaths.tempSibling(file);
        Files.write(tmp, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
