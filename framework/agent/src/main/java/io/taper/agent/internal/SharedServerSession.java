package io.taper.agent.internal;

import io.taper.protocol.SessionOpened;
import io.taper.protocol.SharedServerPaths;
import io.taper.protocol.SharedServerStart;
import io.taper.protocol.TaperConfig;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * This JVM's session on the user's shared server ({@code server.shared} in its configuration): joins the server
 * running in that directory, or starts it (under a file lock, so that JVMs starting at once start one), and opens a
 * session with this JVM's configuration. The session's socket and token then serve as a server of its own would; its
 * results go to {@code OUT/jvm-PID}. The connection that opened the session stays open for this JVM's life: at exit
 * the agent says BYE and waits for the session's statistics, and if this JVM dies the server sees the connection end.
 */
final class SharedServerSession {

    /** Held for the JVM's life: its end closes the session. */
    private static volatile SocketChannel control;
    /** For {@code stats.sharedServer}: null unless this JVM asked for a shared server. */
    private static volatile Map<String, Object> stats;

    private SharedServerSession() {
    }

    /** Whether the configuration asks for the shared server. */
    static boolean requested(TaperConfig config) {
        String dir = config.get(TaperConfig.SERVER_SHARED);
        return OwnServer.requested(config) && dir != null && !dir.isEmpty();
    }

    /**
     * Opens this JVM's session; returns the configuration this JVM runs with.
     *
     * @throws IOException if the server cannot be reached, started or refuses the session (the agent then starts a
     *                     server of its own)
     */
    static TaperConfig open(TaperConfig config) throws IOException, InterruptedException {
        long pid = ProcessHandle.current().pid();
        SharedServerPaths paths = new SharedServerPaths(Path.of(config.get(TaperConfig.SERVER_SHARED)));
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("dir", paths.dir().toString());
        stats = s;
        TaperConfig own = OwnServer.forThisJvm(config);
        long t0 = System.nanoTime();
        boolean[] started = new boolean[1];
        SocketChannel ch = connectOrStart(paths, config, started);
        s.put("started", started[0]);
        try {
            SessionOpened opened = SharedServerStart.openSession(ch, paths, pid, own);
            control = ch;
            s.put("pid", opened.serverPid());
            s.put("joinMillis", (System.nanoTime() - t0) / 1_000_000);
            own = own.with(TaperConfig.SOCKET, opened.socket()).with(TaperConfig.TOKEN, opened.token());
            own.store(own.work().resolve("taper.properties"));
            return own;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Records why this JVM runs with a server of its own although it asked for the shared one. */
    static void fellBack(String reason) {
        Map<String, Object> s = stats;
        if (s != null) {
            s.put("unavailable", reason);
        }
    }

    /** For {@code stats.sharedServer} in the agent's result; null if this JVM did not ask for one. */
    static Map<String, Object> stats() {
        return stats;
    }

    /**
     * At this JVM's end, after its last result: says BYE and waits, at most {@code millis}, for the server to end the
     * session (it writes the session's statistics to {@code OUT/jvm-PID} first).
     */
    static void closeAndWait(long millis) {
        final SocketChannel ch = control;
        if (ch == null) {
            return;
        }
        control = null;
        Thread waiter = AgentThreads.daemon("taper-session-end", true, new Runnable() {
            @Override
            public void run() {
                try {
                    SharedServerStart.endSession(ch);   // its BYE, or the end of the connection: the session is closed
                } catch (IOException e) {
                    // the server is gone: nothing to wait for
                }
            }
        });
        waiter.start();
        try {
            waiter.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            ch.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    private static SocketChannel connectOrStart(SharedServerPaths paths, TaperConfig config, boolean[] started)
            throws IOException, InterruptedException {
        String java = OwnServer.serverJava(config);
        String idle = config.get(TaperConfig.SERVER_IDLE_SECONDS);
        return SharedServerStart.connectOrStart(paths, java, config.get(TaperConfig.SERVER_JAR),
            OwnServer.archive(config, java), idle == null || idle.isEmpty()
            ? SharedServerStart.DEFAULT_IDLE_STOP_SECONDS : Long.parseLong(idle), started);
    }
}
