package io.taper.testing;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The class files of the running JDK's java.base module (from its jrt: file system), for tests that weave them all. */
public final class JavaBaseClasses {

    private JavaBaseClasses() {
    }

    /** Every class file of java.base but {@code module-info}, by internal name, in name order. */
    public static SortedMap<String, byte[]> read() throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path root = jrt.getPath("/modules/java.base");
        SortedMap<String, byte[]> classes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String rel = root.relativize(p).toString();
                if (rel.endsWith(".class") && !rel.equals("module-info.class")) {
                    classes.put(rel.substring(0, rel.length() - ".class".length()), Files.readAllBytes(p));
                }
            }
        }
        return classes;
    }
}
