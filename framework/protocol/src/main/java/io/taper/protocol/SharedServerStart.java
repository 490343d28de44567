package io.taper.protocol;

import java.io.BufferedInputStream;
import java.io.File;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * Reaches the user's shared server, starting it if none runs: what an agent does when its JVM starts, and what
 * {@code taper server start} does. Starting takes a file lock in the server's directory, so that JVMs starting at once
 * start one server between them; the server gets a session of its own ({@code setsid}), so that a signal to the
 * build that started it does not stop it for the builds that follow.
 */
public final class SharedServerStart {

    /** Seconds without a session after which a shared server stops, unless it is told otherwise. */
    public static final long DEFAULT_IDLE_STOP_SECONDS = 300;
    /** {@link #DEFAULT_IDLE_STOP_SECONDS} as the command-line options' default. */
    public static final String DEFAULT_IDLE_STOP = "" + DEFAULT_IDLE_STOP_SECONDS;
    /** How long a start waits for the new server's socket. */
    public static final long START_TIMEOUT_MILLIS = 30_000;

    private SharedServerStart() {
    }

    /** A connection to the server running in {@code paths}, or null if none answers there. */
    public static SocketChannel connect(SharedServerPaths paths) {
        if (!Files.exists(paths.socket())) {
            return null;
        }
        try {
            return SocketChannel.open(UnixDomainSocketAddress.of(paths.socket()));
        } catch (IOException e) {
            return null;   // a stale socket of a server that died
        }
    }

    /**
     * A connection to the server in {@code paths}, started with {@code java -jar serverJar} if none runs.
     *
     * @param started set to true in its first element when this call started the server
     */
    public static SocketChannel connectOrStart(SharedServerPaths paths, String java, String serverJar,
                                               ServerClassArchive archive, long idleSeconds, boolean[] started)
            throws IOException, InterruptedException {
        SocketChannel ch = connect(paths);
        if (ch != null) {
            return ch;
        }
        if (!Files.isDirectory(paths.dir())) {
            Files.createDirectories(paths.dir(), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        }
        try (FileChannel lockFile = FileChannel.open(paths.lock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = lockFile.lock()) {
            ch = connect(paths);
            if (ch != null) {
                return ch;   // another JVM started it while this one waited for the lock
            }
            List<String> cmd = new ArrayList<>();
            if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
                cmd.add("/usr/bin/setsid");
            }
            cmd.addAll(ServerCommandLine.shared(java, serverJar, paths.dir(), idleSeconds, archive));
            Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(paths.output().toFile()))
                .redirectErrorStream(true).start();
            long deadline = System.nanoTime() + START_TIMEOUT_MILLIS * 1_000_000;
            while (System.nanoTime() < deadline) {
                ch = connect(paths);
                if (ch != null) {
                    if (started != null && started.length > 0) {
                        started[0] = true;
                    }
                    return ch;
                }
                if (!p.isAlive() && p.exitValue() != 0) {
                    throw new IOException("the shared server exited with code " + p.exitValue() + " (" + paths.output()
                        + ")");
                }
                Thread.sleep(10);
            }
            throw new IOException("the shared server did not start within " + START_TIMEOUT_MILLIS + " ms ("
                + paths.output() + ")");
        }
    }

    /**
     * Opens a session on a connection to the server in {@code paths} for process {@code pid} with {@code config}
     * (its socket and token are the session's own, so any given are left out).
     *
     * @throws IOException if the server refuses the session (its reason in the message) or answers something else
     */
    public static SessionOpened openSession(SocketChannel ch, SharedServerPaths paths, long pid, TaperConfig config)
            throws IOException {
        String token = new String(Files.readAllBytes(paths.token()), StandardCharsets.UTF_8).trim();
        Messages.write(Channels.newOutputStream(ch), new SessionOpen(token, pid,
            config.with(TaperConfig.SOCKET, null).with(TaperConfig.TOKEN, null).asMap()));
        Message m = Messages.read(new BufferedInputStream(Channels.newInputStream(ch)), 1 << 16);
        if (m instanceof SessionOpened opened) {
            return opened;
        }
        throw new IOException(m instanceof ErrorMessage e ? "the shared server refused the session: " + e.message()
            : "the shared server answered " + (m == null ? "nothing" : MessageType.name(m.type())));
    }

    /**
     * Ends the session opened on {@code ch}: BYE, then waits for the server's BYE, which it sends once the session's
     * statistics are written. Returns whether that came (false: the server ended the connection without it).
     */
    public static boolean endSession(SocketChannel ch) throws IOException {
        Messages.write(Channels.newOutputStream(ch), new Bye());
        return Messages.read(new BufferedInputStream(Channels.newInputStream(ch)), 1 << 16) instanceof Bye;
    }

    /** The status of the server running in {@code paths} as JSON ({@code taper server status}), or null if none runs. */
    public static String status(SharedServerPaths paths) throws IOException {
        try (SocketChannel ch = connect(paths)) {
            if (ch == null) {
                return null;
            }
            Messages.write(Channels.newOutputStream(ch), new StatsRequest());
            Message m = Messages.read(new BufferedInputStream(Channels.newInputStream(ch)), 1 << 20);
            if (m instanceof StatsReply r) {
                return r.json();
            }
            throw new IOException(m instanceof ErrorMessage e ? e.message() : "the shared server answered no status");
        }
    }
}
