package io.taper.server.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code --dump DIR}: for every WEAVE of class {@code a/b/C}, writes {@code DIR/a/b/C.orig.class} (the bytes
 * the agent sent), {@code DIR/a/b/C.woven.N.class} for the N-th request for that class name (N from 1)
 * and {@code DIR/a/b/C.woven.class} (the latest). The "woven" files hold what the JVM ends up loading:
 * the woven bytes, or the original bytes when the answer was UNCHANGED or FAILED, so a re-weave that
 * removed every site shows up as a file without the snippet calls.
 */
public final class ClassDump {

    private final Path dir;
    private final ConcurrentHashMap<String, AtomicInteger> weaves = new ConcurrentHashMap<>();

    public ClassDump(Path dir) {
        this.dir = dir;
    }

    /** @return the N of this weave (1 for the first request for this class name) */
    public int write(String className, byte[] original, byte[] loaded) throws IOException {
        String base = safeName(className);
        int n = weaves.computeIfAbsent(base, k -> new AtomicInteger()).incrementAndGet();
        Path orig = dir.resolve(base + ".orig.class");
        Files.createDirectories(orig.getParent());
        writeAtomically(orig, original);
        writeAtomically(dir.resolve(base + ".woven." + n + ".class"), loaded);
        writeAtomically(dir.resolve(base + ".woven.class"), loaded);
        return n;
    }

    /**
     * The class name as a relative path that stays inside the dump directory: the name comes from the
     * agent, and a name like {@code ../../x} must not write outside it.
     */
    static String safeName(String className) {
        if (className == null || className.isEmpty()) {
            return "_unnamed_";
        }
        StringBuilder b = new StringBuilder(className.length());
        for (String part : className.split("/", -1)) {
            if (b.length() > 0) {
                b.append('/');
            }
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                b.append('_');
            } else {
                b.append(part.replace('\\', '_').replace('\0', '_'));
            }
        }
        return b.toString();
    }

    private static void writeAtomically(Path file, byte[] bytes) throws IOException {
        Path tmp = Files.createTempFile(file.getParent(), ".dump", ".tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
