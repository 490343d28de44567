package io.taper.server.internal;

import io.taper.protocol.SameClassFile;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.Weave;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * The bootstrap loader's classes that an agent's start-up pass sent (the JDK classes loaded before premain), as the
 * JVM gave them to its agent, kept per observed JDK in the woven-class cache directory
 * ({@code DIR/startup/<jdk and options>.classes}). The next server with that JDK weaves them before its agent asks
 * ({@link StartupReplay}). Every JVM of a JDK loads much the same classes before premain, with the same bytes (up to
 * the order of their methods without class-data sharing); the agent still takes an answer only for a class whose
 * bytes have the kept ones' fingerprint ({@link SameClassFile}), so a stale or foreign file costs time, never a wrong
 * class. The file keeps every such class that a run of the JDK sent, within {@link #MAX_CLASSES} and
 * {@link #MAX_BYTES}: {@code int magic, int format, int n}, n × (UTF name, int length, bytes), then a CRC-32 of
 * everything before it; a file that does not read back whole is ignored (and reported).
 */
public final class StartupClasses {

    static final int MAGIC = 0x54535443;   // "TSTC"
    static final int FORMAT = 1;
    /** Bounds of one file (and of what a run keeps in memory to write it): more is left out. */
    static final int MAX_CLASSES = 20_000;
    static final long MAX_BYTES = 64L << 20;

    /** A kept class. */
    public record Entry(String name, byte[] bytes) {
    }

    private final Path file;
    /** Prefixes of classes the analysis never transforms ({@code classes.skip}): its agent never sends them. */
    private final List<String> skipped;
    private final Map<String, byte[]> recorded = new TreeMap<>();
    private long recordedBytes;
    private volatile List<Entry> loaded;
    private volatile String problem;
    private volatile boolean written;

    StartupClasses(Path file) {
        this(file, List.of());
    }

    StartupClasses(Path file, List<String> skipped) {
        this.file = file;
        this.skipped = skipped;
    }

    /**
     * The start-up classes of the configured run's observed JDK, or null when the run has no cache, does not name the
     * observed JVM's java.home, or its analysis never transforms the bootstrap loader's classes.
     */
    public static StartupClasses of(TaperConfig config) {
        if (config.cache().isEmpty() || config.observedJavaHome().isEmpty()
                || config.classesSkip().contains(TaperConfig.SKIP_BOOTSTRAP)) {
            return null;
        }
        return new StartupClasses(config.cache().get().resolve("startup")
            .resolve(jdkKey(config.observedJavaHome().get(), config.observedClassOptions()) + ".classes"),
            config.classesSkip());
    }

    /**
     * The JDK by its real java.home and its module image's size and time (an updated JDK is another one), and the
     * options that change the bytes HotSpot hands the agent ({@link TaperConfig#OBSERVED_CLASS_OPTIONS}).
     */
    static String jdkKey(Path javaHome, String classOptions) {
        String id;
        try {
            Path home = javaHome.toRealPath();
            BasicFileAttributes a = Files.readAttributes(home.resolve("lib").resolve("modules"),
                BasicFileAttributes.class);
            id = home + "|" + a.size() + "|" + a.lastModifiedTime().toMillis();
        } catch (IOException | RuntimeException e) {
            id = javaHome.toAbsolutePath().toString();
        }
        id += "|" + classOptions;
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    Path file() {
        return file;
    }

    /**
     * Reads the file: its classes, or none when it is absent or does not read back whole (then {@link #problem}). The
     * classes the analysis skips are read, so that a rewrite keeps them, but not returned.
     */
    public List<Entry> load() {
        if (!Files.isRegularFile(file)) {
            loaded = List.of();
            return List.of();
        }
        try {
            List<Entry> entries = decode(Files.readAllBytes(file));
            loaded = entries;
            if (skipped.isEmpty()) {
                return entries;
            }
            List<Entry> mine = new ArrayList<>(entries.size());
            for (Entry e : entries) {
                if (!skips(e.name())) {
                    mine.add(e);
                }
            }
            return mine;
        } catch (IOException | RuntimeException e) {
            problem = file + ": " + e.getMessage();
            return List.of();
        }
    }

    private boolean skips(String name) {
        for (String prefix : skipped) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    static List<Entry> decode(byte[] data) throws IOException {
        if (data.length < 20) {
            throw new IOException("truncated (" + data.length + " bytes)");
        }
        CRC32 crc = new CRC32();
        crc.update(data, 0, data.length - 8);
        long expected = new DataInputStream(new ByteArrayInputStream(data, data.length - 8, 8)).readLong();
        if (expected != crc.getValue()) {
            throw new IOException("checksum mismatch");
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data, 0, data.length - 8));
        if (in.readInt() != MAGIC) {
            throw new IOException("not a start-up classes file");
        }
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("format " + format + ", expected " + FORMAT);
        }
        int n = in.readInt();
        if (n < 0 || n > MAX_CLASSES) {
            throw new IOException("bad count " + n);
        }
        List<Entry> entries = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String name = in.readUTF();
            int length = in.readInt();
            if (length <= 0 || length > in.available()) {
                throw new IOException("bad length " + length + " of " + name);
            }
            byte[] bytes = new byte[length];
            in.readFully(bytes);
            entries.add(new Entry(name, bytes));
        }
        if (in.available() != 0) {
            throw new IOException(in.available() + " bytes after the last class");
        }
        return entries;
    }

    static byte[] encode(Map<String, byte[]> classes) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(buf);
        out.writeInt(MAGIC);
        out.writeInt(FORMAT);
        out.writeInt(classes.size());
        for (Map.Entry<String, byte[]> e : classes.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeInt(e.getValue().length);
            out.write(e.getValue());
        }
        out.flush();
        CRC32 crc = new CRC32();
        crc.update(buf.toByteArray());
        out.writeLong(crc.getValue());
        out.flush();
        return buf.toByteArray();
    }

    /**
     * Keeps a request of the agent's start-up pass: only the bootstrap loader's classes (the JDK's: their bytes and
     * hierarchy are the JDK's own, the same in the next run), woven with every site enabled.
     */
    public void record(Weave w) {
        if (!w.startup() || !w.retransform() || w.loaderTag() != 0 || w.className().isEmpty()
                || w.disabledSites().length != 0 || !w.variants().isEmpty()) {
            return;
        }
        synchronized (recorded) {
            if (recorded.size() >= MAX_CLASSES || recordedBytes + w.classBytes().length > MAX_BYTES
                    || recorded.containsKey(w.className())) {
                return;
            }
            recorded.put(w.className(), w.classBytes());
            recordedBytes += w.classBytes().length;
        }
    }

    /**
     * Adds this run's start-up classes to the file's when it lacks one of them (with this run's bytes of the others), through a
     * temporary file and an atomic rename, so concurrent servers and readers never see half a file. A failure only
     * costs the next run's head start (reported).
     */
    public void writeIfChanged() {
        Map<String, byte[]> mine;
        synchronized (recorded) {
            if (recorded.isEmpty()) {
                return;
            }
            mine = new TreeMap<>(recorded);
        }
        // Kept with the file's other classes: a run that took answers sends only the classes it lacked.
        if (loaded == null) {
            load();                 // a server that stops before its replay read the file must not lose it
        }
        Map<String, byte[]> all = new TreeMap<>();
        for (Entry e : loaded == null ? List.<Entry>of() : loaded) {
            all.put(e.name(), e.bytes());
        }
        boolean added = false;
        long bytes = 0;
        for (byte[] b : all.values()) {
            bytes += b.length;
        }
        for (Map.Entry<String, byte[]> e : mine.entrySet()) {
            byte[] before = all.get(e.getKey());
            if (before != null && SameClassFile.upToMethodOrder(e.getValue(), before)) {
                continue;
            }
            long after = bytes - (before == null ? 0 : before.length) + e.getValue().length;
            if (before == null && all.size() >= MAX_CLASSES || after > MAX_BYTES) {
                continue;
            }
            all.put(e.getKey(), e.getValue());
            bytes = after;
            added |= before == null;
        }
        // A class or two come with other bytes in every run: rewriting the file for them alone would cost every run
        // a write and gain nothing, so new bytes of a known class wait for a new class.
        boolean changed = added;
        if (!changed) {
            return;
        }
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
            Files.write(tmp, encode(all));
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            written = true;
        } catch (IOException | RuntimeException e) {   // a full disk, a read-only directory
            problem = "cannot write " + file + ": " + e;
        }
    }

    /** Classes kept from this run so far. */
    public int recorded() {
        synchronized (recorded) {
            return recorded.size();
        }
    }

    /** True once this run's classes were written. */
    public boolean written() {
        return written;
    }

    /** Why the file could not be read or written, or null. */
    public String problem() {
        return problem;
    }
}
