package io.taper.launcher;

import io.taper.weaver.ThreadFieldPatch;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The {@code java.base} patch that gives the observed JVM's {@code java.lang.Thread} the counters' field
 * ({@link ThreadFieldPatch}), for a counting analysis that asks for it ({@code thread.field=true} in its descriptor):
 * made from the observed JDK's own class and kept in the cache directory, one per JDK class. Not made when the
 * program's arguments patch a module or insist on class-data sharing, which a patched {@code java.base} turns off;
 * the run then counts through {@code ThreadCounters} as before.
 */
final class ThreadFieldDir {

    private static final String FORMAT = "1";

    private ThreadFieldDir() {
    }

    /**
     * The directory to patch {@code java.base} with, or null (the reason goes to {@code launch.threadField}).
     *
     * @param cacheRoot where patches are kept ({@code ~/.cache/taper} or the work directory)
     */
    static Path plan(boolean wanted, Path java, List<String> javaArgs, Path cacheRoot, Map<String, Object> launch) {
        if (!wanted) {
            return null;
        }
        String forbidding = BootShadows.forbidsPatch(javaArgs);
        if (forbidding != null) {
            launch.put("threadField", "none: the program's arguments include " + forbidding);
            return null;
        }
        Path home = RunConfig.homeOf(java);
        try {
            if (home == null || !Files.isRegularFile(home.resolve("lib").resolve("modules"))) {
                throw new IOException("no JDK 9+ image at the java.home of " + java);
            }
            byte[] thread;
            Map<String, String> env = Map.of("java.home", home.toString());
            try (FileSystem jrt = FileSystems.newFileSystem(URI.create("jrt:/"), env)) {
                thread = Files.readAllBytes(jrt.getPath("/modules/java.base/java/lang/Thread.class"));
            }
            Path dir = cacheRoot.resolve("thread-field").resolve(key(thread));
            Path target = dir.resolve("java").resolve("lang").resolve("Thread.class");
            if (!Files.isRegularFile(target)) {
                byte[] patched = ThreadFieldPatch.addTo(thread);
                Files.createDirectories(target.getParent());
                Path tmp = Files.createTempFile(target.getParent(), "Thread", ".tmp");
                Files.write(tmp, patched);
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            launch.put("threadField", dir.toString());
            return dir;
        } catch (IOException | RuntimeException e) {
            launch.put("threadField", "none: " + e);
            return null;
        }
    }

    private static String key(byte[] thread) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(FORMAT.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d.digest(thread), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
