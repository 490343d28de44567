package io.taper.launcher;

import io.taper.protocol.ServerClassArchive;
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
 * A run's session on the user's shared server ({@code taper run --server shared}): opened before the program starts,
 * with the run's configuration, whose socket and token it then rewrites to the session's; closed after the program
 * ended, once the server has written the session's statistics to the run's directory.
 */
final class SharedSession {

    private final SocketChannel control;
    private final Map<String, Object> description;

    private SharedSession(SocketChannel control, Map<String, Object> description) {
        this.control = control;
        this.description = description;
    }

    /** Opens the session (starting the server if none runs) and points {@code config} at it. */
    static SharedSession open(SharedServerPaths paths, Path java, Path serverJar, ServerClassArchive archive,
                              long idleSeconds, Path config) throws IOException, InterruptedException {
        boolean[] started = new boolean[1];
        SocketChannel ch = SharedServerStart.connectOrStart(paths, java.toString(), serverJar.toString(), archive,
            idleSeconds, started);
        try {
            TaperConfig c = TaperConfig.load(config);
            SessionOpened opened = SharedServerStart.openSession(ch, paths, ProcessHandle.current().pid(), c);
            c.with(TaperConfig.SOCKET, opened.socket()).with(TaperConfig.TOKEN, opened.token()).store(config);
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("dir", paths.dir().toString());
            d.put("pid", opened.serverPid());
            d.put("started", started[0]);
            return new SharedSession(ch, d);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** For {@code launch.sharedServer}: the server's directory and pid, and whether this run started it. */
    Map<String, Object> description() {
        return description;
    }

    /**
     * Ends the session: BYE, then the server's BYE once it has written the session's statistics (at most
     * {@code millis}). Returns a problem, or null.
     */
    String close(long millis) throws InterruptedException {
        String[] problem = new String[1];
        Thread waiter = new Thread(() -> {
            try {
                if (!SharedServerStart.endSession(control)) {
                    problem[0] = "the shared server ended the session without its statistics";
                }
            } catch (IOException e) {
                problem[0] = "the shared server was lost: " + e.getMessage();
            }
        }, "taper-session-end");
        waiter.setDaemon(true);
        waiter.start();
        waiter.join(millis);
        try {
            control.close();
        } catch (IOException ignored) {
            // closing
        }
        return waiter.isAlive() ? "the shared server did not end the session within " + millis + " ms" : problem[0];
    }
}
