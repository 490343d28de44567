package io.taper.launcher;

import io.taper.protocol.TaperConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Whether and where the observed JVM's start-up classes get the analysis's shadow fields: the server
 * writes a copy of some {@code java.base} packages with them into a cache directory, and the observed JVM
 * loads them with {@code --patch-module java.base=DIR} (classes it loads before the agent starts cannot
 * get fields any other way). One directory per JDK, prefix and patch format, shared by runs.
 *
 * <p>Not done when the java arguments already patch a module (the JVM takes one patch of
 * {@code java.base}) or insist on class data sharing, which a patched {@code java.base} turns off. All
 * arguments are looked at, the program's too: a false alarm only costs the patch.
 */
final class BootShadows {

    final Path dir;
    final Path javaHome;
    final String skipped;

    private BootShadows(Path dir, Path javaHome, String skipped) {
        this.dir = dir;
        this.javaHome = javaHome;
        this.skipped = skipped;
    }

    /**
     * The plan for a run, or null if the analysis has no shadow fields.
     *
     * @param maker the jar of the server that makes the patch (which classes get shadows is its code): a patch
     *              made by another build of it is not used
     */
    static BootShadows plan(String prefix, boolean wanted, Path java, List<String> javaArgs, Path work, Path maker) {
        if (prefix == null || prefix.isBlank()) {
            return null;                                // nothing to patch for this analysis
        }
        if (!wanted) {
            return new BootShadows(null, null, "--no-boot-shadows");
        }
        String forbidding = forbidsPatch(javaArgs);
        if (forbidding != null) {
            return new BootShadows(null, null, "the program's arguments include " + forbidding);
        }
        Path home = RunConfig.homeOf(java);
        if (home == null) {
            return new BootShadows(null, null, "cannot find the java.home of " + java);
        }
        Path modules = home.resolve("lib").resolve("modules");
        if (!Files.isRegularFile(modules)) {
            return new BootShadows(null, null, "no lib/modules under " + home + " (not a JDK 9+ image)");
        }
        return new BootShadows(cacheRoot(work).resolve(key(home, modules, prefix, maker)), home, null);
    }

    /**
     * The first of the java arguments that rules out patching {@code java.base} (the JVM takes one patch of a module,
     * and a patched {@code java.base} turns class-data sharing off), or null.
     */
    static String forbidsPatch(List<String> javaArgs) {
        for (String a : javaArgs) {
            if (a.startsWith("--patch-module") || a.equals("-Xshare:on") || a.startsWith("-XX:SharedArchiveFile")
                    || a.startsWith("-XX:ArchiveClassesAtExit") || a.equals("-Xshare:dump")) {
                return a;
            }
        }
        return null;
    }

    /** The directory to patch with, if the server finished it. */
    Path readyDir() {
        return dir != null && Files.isRegularFile(dir.resolve(TaperConfig.BOOT_SHADOWS_COMPLETE)) ? dir : null;
    }

    static Path cacheRoot(Path work) {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home", ""), ".cache");
        Path root = base.resolve("taper").resolve("boot-shadows");
        try {
            Files.createDirectories(root);
            if (Files.isWritable(root)) {
                return root;
            }
        } catch (IOException | SecurityException e) {
            // fall through: a per-run directory still works, it is only made again next time
        }
        return work.resolve("boot-shadows");
    }

    private static String key(Path home, Path modules, String prefix, Path maker) {
        String id = home + "|" + stamp(modules) + "|" + prefix + "|" + maker + "|" + stamp(maker);
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** A file's size and modification time, or "?" where they cannot be read (then only its name counts). */
    private static String stamp(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return a.size() + "@" + a.lastModifiedTime().toMillis();
        } catch (IOException | SecurityException e) {
            return "?";
        }
    }
}
