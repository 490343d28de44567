package io.taper.maven;

import io.taper.launcher.TaperHome;
import io.taper.protocol.CacheDirectories;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Taper's jars as a {@link TaperHome}: the plugin carries them under {@code taper-home/} (the layout {@code ./taper}
 * finds in a checkout) and unpacks them once per plugin build into the user's cache, where the test JVMs' options
 * can name them as files. Unpacked into a private directory and moved into place, so that builds running at once
 * (a parallel reactor, two checkouts) never see half a copy.
 */
final class TaperHomeCopy {

    static final String PREFIX = "taper-home/";

    private TaperHomeCopy() {
    }

    /** The home for this plugin's jar (or, run from its classes directory, that directory's {@code taper-home}). */
    static TaperHome locate() throws IOException {
        Path source;
        try {
            source = Path.of(TaperHomeCopy.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IOException("cannot locate the Taper plugin's own jar: " + e);
        }
        if (Files.isDirectory(source)) {
            return new TaperHome(source.resolve(PREFIX));
        }
        return new TaperHome(unpack(source, CacheDirectories.defaultWoven().resolveSibling("home")));
    }

    /** Unpacks {@code jar}'s {@code taper-home/} under {@code root}, named after the jar's size and time, unless done. */
    static Path unpack(Path jar, Path root) throws IOException {
        String name = HexFormat.of().toHexDigits(Files.size(jar)) + "-"
            + HexFormat.of().toHexDigits(Files.getLastModifiedTime(jar).toMillis());
        Path home = root.resolve(name);
        if (Files.isDirectory(home)) {
            return home;
        }
        Files.createDirectories(root);
        Path partial = Files.createTempDirectory(root, name + ".partial-");
        try (JarFile in = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = in.entries();
            while (entries.hasMoreElements()) {
                JarEntry e = entries.nextElement();
                if (e.isDirectory() || !e.getName().startsWith(PREFIX)) {
                    continue;
                }
                Path to = partial.resolve(e.getName().substring(PREFIX.length())).normalize();
                if (!to.startsWith(partial)) {
                    throw new IOException("bad entry in " + jar + ": " + e.getName());
                }
                Files.createDirectories(to.getParent());
                try (InputStream s = in.getInputStream(e)) {
                    Files.copy(s, to);
                }
            }
            try {
                Files.move(partial, home, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException | java.nio.file.DirectoryNotEmptyException e) {
                if (!Files.isDirectory(home)) {
                    throw e;
                }
                // another build unpacked the same jar first
            }
        } finally {
            deleteTree(partial);
        }
        return home;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
