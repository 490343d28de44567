package io.taper.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Unpredictable bytes, private temporary directories and temporary file names, without {@link SecureRandom} when
 * {@code /dev/urandom} can be read. The JDK's temporary files and its first {@code SecureRandom} initialise the
 * security providers, some 20 ms of a run's start-up that the program waits for; reading the kernel's generator is
 * what {@code NativePRNG} does after that anyway.
 */
public final class PrivatePaths {

    private static final Path URANDOM = Path.of("/dev/urandom");
    private static final AtomicLong COUNTER = new AtomicLong();

    private PrivatePaths() {
    }

    /** {@code n} bytes from {@code /dev/urandom}, else from a {@link SecureRandom}. */
    public static byte[] secretBytes(int n) {
        byte[] b = new byte[n];
        if (Files.isReadable(URANDOM)) {
            try (InputStream in = Files.newInputStream(URANDOM)) {
                if (in.readNBytes(b, 0, n) == n) {
                    return b;
                }
            } catch (IOException e) {
                // below
            }
        }
        new SecureRandom().nextBytes(b);
        return b;
    }

    /**
     * A new directory {@code PREFIX<random>} under the system's temporary directory that only this user can enter,
     * made with those permissions (never widened later).
     *
     * @throws IOException if no such directory can be made
     */
    public static Path privateTempDirectory(String prefix) throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        for (int attempt = 0; ; attempt++) {
            Path dir = tmp.resolve(prefix + HexFormat.of().formatHex(secretBytes(8)));
            try {
                return Files.createDirectory(dir,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) {
                    throw e;
                }
            } catch (UnsupportedOperationException e) {
                return Files.createTempDirectory(prefix);   // not a POSIX file system
            }
        }
    }

    /** A name for a temporary file beside {@code file}, unique to this process and call: {@code file.<pid>.<n>.tmp}. */
    public static Path tempSibling(Path file) {
        return file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + "."
            + COUNTER.incrementAndGet() + ".tmp");
    }
}
