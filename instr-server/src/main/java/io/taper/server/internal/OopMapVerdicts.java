package io.taper.server.internal;

import io.taper.protocol.Murmur3;
import io.taper.weaver.WovenClassCache;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;

/**
 * Woven classes that passed the oop-map check in an earlier run, kept in the cache directory, so that a warm start
 * does not check the same classes again (the check of ~900 start-up classes costs more than half a second of CPU, on
 * the way to premain's answers). A class is known by a digest of its bytes with every {@code CONSTANT_Integer}'s value
 * left out: a later run writes its own site and counter numbers into such constants, which change no rule the check
 * applies. Only passes are kept; the file is named by the weaver's code version (which holds the check), and holds
 * 16 bytes per class, appended at the server's close, {@link #MAX_ENTRIES} at most.
 */
final class OopMapVerdicts {

    static final int DIGEST_BYTES = 16;
    /** The most classes the file holds (32 MiB); past it, new passes are not kept. */
    static final int MAX_ENTRIES = 1 << 21;

    private final Path file;
    private final Set<Key> passed = ConcurrentHashMap.newKeySet();
    private final List<Key> added = new ArrayList<>();
    private int loaded;

    private OopMapVerdicts(Path file) {
        this.file = file;
    }

    /** The verdicts kept under {@code cacheDir} for this build of the weaver; none kept on a read problem. */
    static OopMapVerdicts open(Path cacheDir) {
        String version = HexFormat.of().formatHex(sha256(WovenClassCache.codeVersion()
            .getBytes(StandardCharsets.UTF_8)), 0, 8);
        OopMapVerdicts v = new OopMapVerdicts(cacheDir.resolve(PREFIX + version + ".bin"));
        dropOldVersions(cacheDir, v.file);
        try {
            if (Files.isRegularFile(v.file)) {
                byte[] all = Files.readAllBytes(v.file);
                for (int at = 0; at + DIGEST_BYTES <= all.length; at += DIGEST_BYTES) {   // a torn tail is skipped
                    v.passed.add(new Key(ByteBuffer.wrap(all, at, DIGEST_BYTES).getLong(),
                        ByteBuffer.wrap(all, at + 8, 8).getLong()));
                }
                v.loaded = v.passed.size();
            }
        } catch (IOException e) {
            v.passed.clear();
        }
        return v;
    }

    private static final String PREFIX = "oopmap-passed-";
    /** Files of other builds kept besides the run's own: a rebuilt weaver leaves its old file behind. */
    static final int OTHER_VERSIONS_KEPT = 3;

    /** Deletes the files of other builds but the {@link #OTHER_VERSIONS_KEPT} last written. */
    private static void dropOldVersions(Path dir, Path own) {
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            List<Path> others = files.filter(f -> f.getFileName().toString().startsWith(PREFIX) && !f.equals(own))
                .sorted(java.util.Comparator.comparing(OopMapVerdicts::modified).reversed()).toList();
            for (Path old : others.subList(Math.min(OTHER_VERSIONS_KEPT, others.size()), others.size())) {
                Files.deleteIfExists(old);
            }
        } catch (IOException | RuntimeException e) {
            // another server's deletion, or an unreadable directory: the files stay, small
        }
    }

    private static long modified(Path f) {
        try {
            return Files.getLastModifiedTime(f).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Whether a class of these bytes passed before. */
    boolean passed(byte[] woven) {
        return passed.contains(keyOf(woven));
    }

    /** The class passed the check: kept for later runs. */
    void pass(byte[] woven) {
        Key k = keyOf(woven);
        if (passed.size() < MAX_ENTRIES && passed.add(k)) {
            synchronized (added) {
                added.add(k);
            }
        }
    }

    /** Classes known to pass, from the file and this run. */
    int size() {
        return passed.size();
    }

    /** Classes read from the file at the start. */
    int loaded() {
        return loaded;
    }

    /** Appends this run's passes to the file, in one write (another server may append at the same time). */
    void save() throws IOException {
        List<Key> now;
        synchronized (added) {
            now = new ArrayList<>(added);
            added.clear();
        }
        if (now.isEmpty()) {
            return;
        }
        ByteBuffer b = ByteBuffer.allocate(now.size() * DIGEST_BYTES);
        for (Key k : now) {
            b.putLong(k.high()).putLong(k.low());
        }
        Files.createDirectories(file.getParent());
        Files.write(file, b.array(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private record Key(long high, long low) {
    }

    /**
     * The digest of the bytes with the values of integer constants zeroed: MurmurHash3's 128-bit hash, fast
     * under the server's C1-only JIT, where SHA-256 takes several times longer; a chance collision among millions of
     * classes is near 2^-90.
     */
    static Key keyOf(byte[] woven) {
        byte[] copy = woven.clone();
        ClassReader r = new ClassReader(copy);
        for (int i = 1; i < r.getItemCount(); i++) {
            int at = r.getItem(i);
            if (at > 0 && copy[at - 1] == 3) {   // CONSTANT_Integer: its four bytes of value follow the tag
                copy[at] = 0;
                copy[at + 1] = 0;
                copy[at + 2] = 0;
                copy[at + 3] = 0;
            }
        }
        long[] h = Murmur3.hash128(copy, 0, copy.length, 0);
        return new Key(h[0], h[1]);
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
