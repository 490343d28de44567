package io.taper.weaver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Prepared analysis jars ({@link SnippetPreparer}) kept in the woven-class cache's directory under
 * {@code prepared/}, by the analysis jar's digest and the weaver's code: the launcher, which puts one on the program's
 * boot class path, and the server, which serves one, prepare an analysis once, not at every run.
 */
public final class PreparedJarCache {

    private PreparedJarCache() {
    }

    /** The prepared jar of {@code analysisJar} in the cache {@code cacheDir}, made (and published atomically) if absent. */
    public static Path of(Path analysisJar, Path cacheDir) throws IOException {
        Path dir = cacheDir.resolve("prepared");
        Files.createDirectories(dir);
        Path jar = dir.resolve(key(analysisJar) + ".jar");
        if (Files.isRegularFile(jar)) {
            touch(jar);
            return jar;
        }
        Path tmp = Files.createTempFile(dir, ".prepare", ".tmp");
        try {
            SnippetPreparer.prepare(analysisJar, tmp);
            try {
                Files.move(tmp, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return jar;
    }

    /** Writes the prepared jar of {@code analysisJar} to {@code target}: copied from the cache, which gets it if new. */
    public static void copy(Path analysisJar, Path cacheDir, Path target) throws IOException {
        Files.copy(of(analysisJar, cacheDir), target, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Marks the jar as used now: the cache's bound removes the oldest files first. */
    private static void touch(Path file) {
        try {
            Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException | RuntimeException e) {
            // read-only or gone: it may only go sooner
        }
    }

    private static String key(Path analysisJar) throws IOException {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(WovenClassCache.digest(analysisJar).getBytes(StandardCharsets.UTF_8));
            md.update(WovenClassCache.codeVersion().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
