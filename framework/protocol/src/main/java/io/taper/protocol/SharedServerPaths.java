package io.taper.protocol;

import java.nio.file.Path;
import java.util.List;

/**
 * The files of a user's shared instrumentation server, one per Taper build (a server jar of another build is another
 * server): a directory only the user can open, holding its socket, its token, its process id, a lock that makes two
 * JVMs starting at once start one server, and its log.
 */
public record SharedServerPaths(Path dir) {

    /** The default directory for {@code serverJar}: {@code taper/server/BUILD} beside the woven-class cache. */
    public static SharedServerPaths forServerJar(Path serverJar) {
        return new SharedServerPaths(CacheDirectories.defaultWoven().resolveSibling("server")
            .resolve(TaperBuild.of(List.of(serverJar))));
    }

    public Path socket() {
        return dir.resolve("server.sock");
    }

    public Path token() {
        return dir.resolve("token");
    }

    public Path pid() {
        return dir.resolve("server.pid");
    }

    public Path lock() {
        return dir.resolve("start.lock");
    }

    public Path log() {
        return dir.resolve("server.log");
    }

    /** The server process's own output (what it prints before its log is open, and a crash's last words). */
    public Path output() {
        return dir.resolve("server.out");
    }

    /** Where the sessions' sockets and work files go. */
    public Path sessions() {
        return dir.resolve("sessions");
    }
}
