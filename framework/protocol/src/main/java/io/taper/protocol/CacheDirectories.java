package io.taper.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where Taper keeps what it caches on disk: woven classes, and the class-data archives of its own JVMs. */
public final class CacheDirectories {

    private CacheDirectories() {
    }

    /** The woven-class cache unless a run names another: {@code $XDG_CACHE_HOME/taper/woven}, else {@code ~/.cache/taper/woven}. */
    public static Path defaultWoven() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("taper").resolve("woven");
    }

    /**
     * The directory of Taper's own class-data-sharing archives, one per user whatever woven-class cache a run uses
     * ({@code cds/} of the default cache, where the CLI keeps its archive too): a run with an empty cache, the first
     * after the program's classes changed, still starts its server from an archive (writing one had cost that run
     * half a second). {@code runCache}'s {@code cds/} when the user's directory cannot be made or written.
     */
    public static Path classArchives(Path runCache) {
        Path own = defaultWoven().resolve("cds");
        try {
            Files.createDirectories(own);
            if (Files.isWritable(own)) {
                return own;
            }
        } catch (IOException | RuntimeException e) {
            // below
        }
        return runCache.resolve("cds");
    }
}
