package io.taper.controller;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Builds real jars for tests: sources compiled with the JDK's compiler, plus resources and a manifest. */
public final class TestJars {

    private TestJars() {
    }

    /**
     * Compiles {@code sources} (class name → source text) against this JVM's class path and packs the
     * classes with the given resources (path → text) into {@code jar}.
     */
    public static Path compile(Path dir, String jar, Map<String, String> sources, Map<String, String> resources)
            throws IOException {
        Path src = Files.createDirectories(dir.resolve(jar + "-src"));
        Path classes = Files.createDirectories(dir.resolve(jar + "-classes"));
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path")));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
            args.add(f.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = sources.isEmpty() ? 0 : javac.run(null, null, null, args.toArray(new String[0]));
        if (rc != 0) {
            throw new IllegalStateException("javac failed for " + sources.keySet());
        }
        for (Map.Entry<String, String> e : resources.entrySet()) {
            Path f = classes.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
        }
        return pack(classes, dir.resolve(jar), null);
    }

    /** Packs a directory into a jar, with a manifest if given. */
    public static Path pack(Path root, Path jar, Manifest manifest) throws IOException {
        Manifest m = manifest != null ? manifest : new Manifest();
        m.getMainAttributes().putIfAbsent(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (OutputStream out = Files.newOutputStream(jar);
             JarOutputStream j = new JarOutputStream(out, m);
             Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                j.putNextEntry(new JarEntry(root.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, j);
                j.closeEntry();
            }
        }
        return jar;
    }
}
