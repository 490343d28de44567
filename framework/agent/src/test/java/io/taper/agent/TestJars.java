package io.taper.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Jars the forked JVMs need, found on the test class path (or built from a classes directory). */
public final class TestJars {

    private TestJars() {
    }

    /** The jar holding {@code type}; if it comes from a directory, a jar of that directory under {@code dir}. */
    public static Path jarOf(Class<?> type, Path dir) throws IOException {
        Path where;
        try {
            where = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        if (Files.isRegularFile(where)) {
            return where;
        }
        Path jar = dir.resolve(type.getSimpleName() + "-classes.jar");
        jarDirectory(where, jar);
        return jar;
    }

    static void jarDirectory(Path classes, Path jar) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(classes)) {
            files = s.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
        }
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path f : files) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, (OutputStream) out);
                out.closeEntry();
            }
        }
    }
}
