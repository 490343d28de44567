package io.taper.weaver;

import io.taper.weaver.internal.WovenClassStore;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A content-addressed cache of woven classes on disk, shared by runs, servers and concurrent JVMs. An entry is
 * found by the class bytes, the analysis (its identity, e.g. a digest of its jar), the weaver's options and the
 * code of Taper's weaver itself; it holds the woven class with its site ids in constant pool entries of their own,
 * the site table and the hierarchy answers the weave used. A hit gets the ids a fresh weave would allocate and is
 * byte for byte what that weave would write; an entry that is damaged, of another key, or whose hierarchy answers
 * no longer hold is ignored (and counted), and the class is woven afresh.
 *
 * <pre>{@code
 * WovenClassCache cache = WovenClassCache.open(WovenClassCache.defaultDirectory(), WovenClassCache.DEFAULT_MAX_BYTES);
 * Weaver w = Weaver.create(spec, hierarchy, false, true);
 * w.useCache(cache, analysisJarDigest);
 * }</pre>
 */
public final class WovenClassCache implements AutoCloseable {

    /** The size the directory is kept under (checked when a cache is opened). */
    public static final long DEFAULT_MAX_BYTES = 512L << 20;

    private static volatile String codeVersion;

    private final WovenClassStore store;

    private WovenClassCache(WovenClassStore store) {
        this.store = store;
    }

    /** @throws IOException if the directory cannot be made or written */
    public static WovenClassCache open(Path dir, long maxBytes) throws IOException {
        return new WovenClassCache(WovenClassStore.open(dir, maxBytes));
    }

    /** {@code $XDG_CACHE_HOME/taper/woven}, else {@code ~/.cache/taper/woven}. */
    public static Path defaultDirectory() {
        return io.taper.protocol.CacheDirectories.defaultWoven();
    }

    public Path directory() {
        return store.directory();
    }

    WovenClassStore store() {
        return store;
    }

    /** The number of entries a weaver's space holds (in packs whose writers have closed). */
    public int entries(String space) {
        return store.entries(space);
    }

    /** hits, misses, stores, refused entries and why, bytes read and written, the directory's size when walked. */
    public Map<String, Object> stats() {
        return store.stats();
    }

    /** Writes what is still queued and publishes it to other caches over the directory (waiting up to 10 s). */
    @Override
    public void close() {
        store.close(10_000);
    }

    /** The space of a weaver: everything but the class that decides its output, as 32 hex digits. */
    static String space(String analysisIdentity, boolean audit, boolean switchSites, String shadowPrefix) {
        return digestOf(List.of("taper-woven/1", codeVersion(), analysisIdentity, Boolean.toString(audit),
            Boolean.toString(switchSites), String.valueOf(shadowPrefix)));
    }

    /** A space's name: the first 16 bytes of SHA-256 over the parts (each ended by a zero byte), as 32 hex digits. */
    static String digestOf(List<String> parts) {
        MessageDigest md = sha256();
        for (String part : parts) {
            md.update(part.getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
        }
        return HexFormat.of().formatHex(md.digest(), 0, 16);
    }

    /**
     * The weaver's own code: a jar by its path, size and time (a rebuilt jar is a new version), a class directory
     * (tests, IDEs) by the digest of its class files. The weaver, the API (markers), the runtime (site tables)
     * and ASM decide what a weave writes.
     */
    public static String codeVersion() {
        String v = codeVersion;
        if (v == null) {
            StringBuilder b = new StringBuilder();
            List<String> seen = new ArrayList<>();
            for (String name : List.of("io.taper.weaver.Weaver", "io.taper.api.StaticKey", "io.taper.runtime.SiteInfo",
                    "org.objectweb.asm.ClassWriter", "org.objectweb.asm.tree.ClassNode")) {
                Class<?> c;
                try {
                    c = Class.forName(name, false, WovenClassCache.class.getClassLoader());
                } catch (ClassNotFoundException | LinkageError absent) {
                    continue;   // a tool that prepares jars without the runtime on its class path (the CLI)
                }
                String part = codeSourceVersion(c);
                if (!seen.contains(part)) {
                    seen.add(part);
                    b.append(part).append('\n');
                }
            }
            v = b.toString();
            codeVersion = v;
        }
        return v;
    }

    private static String codeSourceVersion(Class<?> c) {
        try {
            CodeSource cs = c.getProtectionDomain().getCodeSource();
            URL url = cs == null ? null : cs.getLocation();
            if (url == null) {
                return "unknown:" + c.getName() + ":" + System.nanoTime();   // never shared
            }
            Path p = Path.of(url.toURI());
            if (Files.isRegularFile(p)) {
                return p.toRealPath() + "|" + Files.size(p) + "|" + Files.getLastModifiedTime(p).toMillis();
            }
            MessageDigest md = sha256();
            try (Stream<Path> files = Files.walk(p)) {
                for (Path f : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class")).sorted()::iterator) {
                    md.update(p.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
                    try (InputStream in = Files.newInputStream(f)) {
                        md.update(in.readAllBytes());
                    }
                }
            }
            return p + "|" + HexFormat.of().formatHex(md.digest());
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return "unknown:" + c.getName() + ":" + System.nanoTime();
        }
    }

    /** SHA-256 of a file, as hex (e.g. an analysis jar's identity). */
    public static String digest(Path file) throws IOException {
        MessageDigest md = sha256();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
