package io.taper.server.internal;

import io.taper.protocol.TaperConfig;
import io.taper.weaver.ShadowFieldPatch;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes the observed JDK's {@code java.base} classes of a few packages, with the analysis's shadow fields
 * added, into a directory the launcher hands the observed JVM as {@code --patch-module java.base=DIR}.
 *
 * <p>Why: the JVM loads hundreds of {@code java.util} classes (collections, their iterators and nodes)
 * before the agent starts, and a retransformation may not add fields, so without this their objects'
 * per-instance state goes to an identity map: on H2 under SFA that map was a quarter of the samples. The
 * packages are those whose classes the VM knows no fields of by position: not {@code java.lang} (strings,
 * classes, threads, references, method handles) but its {@code reflect} package (the VM finds the fields of
 * {@code Field}, {@code Method} and {@code Constructor} by name), not {@code java.security}, nothing internal
 * but the number conversions of {@code jdk.internal.math}.
 *
 * <p>The directory is a cache shared by runs ({@code COMPLETE} marks it finished); it is written in a
 * sibling and moved into place, so a run never sees half of it.
 */
public final class BootShadowPatch {

    /** The file that marks a finished patch directory (the launcher looks for it); holds the number of classes. */
    public static final String COMPLETE = TaperConfig.BOOT_SHADOWS_COMPLETE;

    // jdk.internal.math: Double.parseDouble builds a FloatingDecimal buffer per call, each a new object in the
    // identity map without shadows, where parsing-heavy programs spent a share of their time
    // java.lang.reflect: frameworks that bind by reflection (Jackson, Gson, ORMs) call Field.get/set on a handful
    // of Field objects in turn, and each read of their fields was a lookup in the map
    static final List<String> PACKAGES = List.of("java/util/", "java/io/", "java/nio/", "java/net/", "java/math/",
        "java/lang/reflect/", "jdk/internal/math/");

    private BootShadowPatch() {
    }

    /**
     * Makes sure {@code dir} holds the patch for this JDK and prefix; returns the number of classes in it.
     *
     * @throws IOException if the JDK's classes cannot be read or the directory cannot be written
     */
    public static int ensure(Path javaHome, String prefix, Path dir) throws IOException {
        Path complete = dir.resolve(COMPLETE);
        if (Files.isRegularFile(complete)) {
            return Integer.parseInt(Files.readString(complete, StandardCharsets.UTF_8).trim());
        }
        Files.createDirectories(dir.getParent());
        Path tmp = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".tmp");
        int n;
        try (FileSystem jrt = FileSystems.newFileSystem(URI.create("jrt:/"), Map.of("java.home", javaHome.toString()))) {
            n = write(jrt.getPath("/modules/java.base"), prefix, tmp);
            Files.writeString(tmp.resolve(COMPLETE), n + "\n", StandardCharsets.UTF_8);
        } catch (RuntimeException | IOException e) {       // no such JDK, class files ASM cannot read, a full disk
            deleteTree(tmp);
            throw new IOException("cannot read java.base of " + javaHome + ": " + e.getMessage(), e);
        }
        try {
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            deleteTree(tmp);
            if (!Files.isRegularFile(complete)) {         // not another run's finished copy: a real failure
                throw e;
            }
        }
        return n;
    }

    private static int write(Path base, String prefix, Path out) throws IOException {
        int n = 0;
        for (String pkg : PACKAGES) {
            Path root = base.resolve(pkg);
            if (!Files.isDirectory(root)) {
                continue;
            }
            List<Path> classes;
            try (Stream<Path> s = Files.walk(root)) {
                classes = s.filter(p -> p.toString().endsWith(".class")).toList();
            }
            for (Path c : classes) {
                String name = base.relativize(c).toString();
                if (name.endsWith("module-info.class")) {
                    continue;
                }
                byte[] patched = ShadowFieldPatch.addTo(Files.readAllBytes(c), prefix);
                if (patched != null) {
                    Path target = out.resolve(name);
                    Files.createDirectories(target.getParent());
                    Files.write(target, patched);
                    n++;
                }
            }
        }
        return n;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temporary directory is harmless
        }
    }
}
