package io.taper.launcher;

import io.taper.protocol.TaperConfig;
import io.taper.weaver.SnippetPreparer;
import io.taper.weaver.WovenClassCache;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The prepared analysis jar for the observed JVM's boot class path, made by the launcher so that the program can
 * start while the server starts (the server prepares its own copy, the same bytes). Kept in the woven-class cache's
 * directory under {@code prepared/}, by the analysis jar's digest and the weaver's code, so a warm run does not
 * prepare it again; with the cache off it is made in the run's work directory every time.
 */
final class PreparedJars {

    private PreparedJars() {
    }

    /** @param cache the run's {@code cache} setting (a directory or {@code off}) */
    static Path forRun(Path analysisJar, String cache, Path work) throws IOException {
        if (TaperConfig.OFF.equals(cache)) {
            Path jar = work.resolve("analysis-boot.jar");
            SnippetPreparer.prepare(analysisJar, jar);
            return jar;
        }
        Path dir = Path.of(cache).resolve("prepared");
        Files.createDirectories(dir);
        Path jar = dir.resolve(key(analysisJar) + ".jar");
        if (Files.isRegularFile(jar)) {
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
