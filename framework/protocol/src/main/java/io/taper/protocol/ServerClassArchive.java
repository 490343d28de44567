package io.taper.protocol;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

/**
 * The class-data-sharing archive of a server's JVM: the classes a server loads (its own, ASM's, the JDK's it
 * uses), mapped from a file instead of parsed and verified at every start, while the program's premain waits for
 * the server to be ready. One archive per JDK and server jar, in the user's directory of them
 * ({@link CacheDirectories#classArchives}): the first
 * server of a pair writes it when it exits ({@code -XX:ArchiveClassesAtExit}, into a file of its own that is
 * published by an atomic rename once the server has exited cleanly), later ones map it. A JDK without a base
 * archive (the dynamic archive needs one) gets no options; a stale or damaged archive is refused by the JVM,
 * which then starts without it, silently (the logging options below).
 */
public final class ServerClassArchive {

    /** Archives kept in the directory. */
    static final int KEPT = 4;

    private static final List<String> QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");

    private final Path archive;
    private final Path pending;
    private final List<String> options;

    private ServerClassArchive(Path archive, Path pending, List<String> options) {
        this.archive = archive;
        this.pending = pending;
        this.options = options;
    }

    /** No archive: nothing used, nothing written. */
    public static ServerClassArchive none() {
        return new ServerClassArchive(null, null, List.of());
    }

    /**
     * The archive of {@code java} running {@code serverJar} in {@code dir}: mapped if it exists, else (if
     * {@code create}) written by this server at its exit.
     */
    public static ServerClassArchive plan(Path java, Path serverJar, Path dir, boolean create) {
        try {
            Path javaHome = java.toRealPath().getParent().getParent();
            Path modules = javaHome.resolve("lib").resolve("modules");
            if (!Files.isRegularFile(javaHome.resolve("lib").resolve("server").resolve("classes.jsa"))
                    || !Files.isRegularFile(modules)) {
                return none();
            }
            Path jar = serverJar.toRealPath();
            String key = digest(java.toRealPath() + "\n" + Files.size(modules) + "\n"
                + Files.getLastModifiedTime(modules).toMillis() + "\n" + jar + "\n" + Files.size(jar) + "\n"
                + Files.getLastModifiedTime(jar).toMillis());
            Path archive = dir.resolve("server-" + key + ".jsa");
            if (Files.isRegularFile(archive)) {
                try {
                    // used now: the woven-class cache's bound, which counts this directory too, removes the oldest first
                    Files.setLastModifiedTime(archive, FileTime.fromMillis(System.currentTimeMillis()));
                } catch (IOException | RuntimeException readOnly) {
                    // it may only go sooner
                }
                return new ServerClassArchive(archive, null,
                    concat("-XX:SharedArchiveFile=" + archive));
            }
            if (!create) {
                return none();
            }
            Files.createDirectories(dir);
            Path pending = dir.resolve(archive.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + System.nanoTime() + ".tmp");
            return new ServerClassArchive(archive, pending, concat("-XX:ArchiveClassesAtExit=" + pending));
        } catch (IOException | RuntimeException e) {
            return none();   // no archive is only a slower start
        }
    }

    private static List<String> concat(String option) {
        return List.of(option, QUIET.get(0), QUIET.get(1));
    }

    /** The JVM options that map or write the archive (none if there is none). */
    public List<String> options() {
        return options;
    }

    /** Whether this server writes the archive when it exits. */
    public boolean writes() {
        return pending != null;
    }

    /** The archive's file (mapped or to be written), or null. */
    public Path file() {
        return archive;
    }

    /**
     * After the server ended: publishes what it wrote if it exited cleanly, and removes the archives of other
     * server jars of the same JDK (each rebuild makes one). Else drops what it wrote.
     *
     * @return true if an archive was published
     */
    public boolean publish(boolean exitedCleanly) {
        if (pending == null) {
            return false;
        }
        try {
            if (!exitedCleanly || !Files.isRegularFile(pending) || Files.size(pending) == 0) {
                Files.deleteIfExists(pending);
                return false;
            }
            try {
                Files.move(pending, archive, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.deleteIfExists(pending);
                return false;
            }
            removeOthers();
            return true;
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(pending);
            } catch (IOException ignored) {
                // a leftover .tmp costs disk only
            }
            return false;
        }
    }

    /**
     * Keeps the {@value #KEPT} newest archives (each rebuild of the server jar makes one; a few JDKs may take turns)
     * and removes temporary files that a killed writer left more than an hour ago.
     */
    private void removeOthers() throws IOException {
        long hourAgo = System.currentTimeMillis() - 3_600_000L;
        List<Path> archives = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(archive.getParent(), "server-*")) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                if (name.endsWith(".jsa")) {
                    archives.add(f);
                } else if (name.endsWith(".tmp") && Files.getLastModifiedTime(f).toMillis() < hourAgo) {
                    Files.deleteIfExists(f);
                }
            }
        }
        archives.sort(Comparator.comparingLong(ServerClassArchive::modified).reversed());
        for (Path old : archives.subList(Math.min(KEPT, archives.size()), archives.size())) {
            if (!old.equals(archive)) {
                Files.deleteIfExists(old);
            }
        }
    }

    private static long modified(Path f) {
        try {
            return Files.getLastModifiedTime(f).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    private static String digest(String s) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(s.getBytes(StandardCharsets.UTF_8)), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
