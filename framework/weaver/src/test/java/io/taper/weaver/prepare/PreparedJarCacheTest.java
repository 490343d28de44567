package io.taper.weaver.prepare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.weaver.PreparedJarCache;
import io.taper.weaver.SnippetPreparer;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One prepared jar per analysis jar (and weaver), with what a fresh preparation holds; a changed jar gets its own. */
class PreparedJarCacheTest {

    private static final String CLASS = "io/taper/weaver/prepare/PreparedSubjects.class";

    @TempDir
    Path tmp;

    private Path analysisJar(String extra) throws Exception {
        Path jar = tmp.resolve("analysis-" + extra + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out);
             InputStream in = getClass().getClassLoader().getResourceAsStream(CLASS)) {
            j.putNextEntry(new JarEntry(CLASS));
            j.write(in.readAllBytes());
            j.putNextEntry(new JarEntry("META-INF/extra.txt"));
            j.write(extra.getBytes());
        }
        return jar;
    }

    private static Map<String, byte[]> entries(Path jar) throws Exception {
        Map<String, byte[]> m = new TreeMap<>();
        try (JarFile f = new JarFile(jar.toFile())) {
            for (JarEntry e : java.util.Collections.list(f.entries())) {
                try (InputStream in = f.getInputStream(e)) {
                    m.put(e.getName(), in.readAllBytes());
                }
            }
        }
        return m;
    }

    @Test
    void preparedOnceAndCopiedWithTheBytesOfAFreshPreparation() throws Exception {
        Path analysis = analysisJar("a");
        Path cache = tmp.resolve("cache");
        Path first = PreparedJarCache.of(analysis, cache);
        assertEquals(cache.resolve("prepared"), first.getParent());
        Object file = Files.readAttributes(first, BasicFileAttributes.class).fileKey();
        Files.setLastModifiedTime(first, FileTime.fromMillis(1_000));
        assertEquals(first, PreparedJarCache.of(analysis, cache));
        assertEquals(file, Files.readAttributes(first, BasicFileAttributes.class).fileKey(), "not prepared again");
        assertTrue(Files.getLastModifiedTime(first).toMillis() > 1_000,
            "touched when used: the cache's bound removes the oldest files first");

        Path fresh = tmp.resolve("fresh.jar");
        SnippetPreparer.prepare(analysis, fresh);
        Map<String, byte[]> expected = entries(fresh);
        Map<String, byte[]> cached = entries(first);
        assertEquals(expected.keySet(), cached.keySet());
        for (String name : expected.keySet()) {
            assertArrayEquals(expected.get(name), cached.get(name), name);
        }
        Path copy = tmp.resolve("work/analysis-prepared.jar");
        Files.createDirectories(copy.getParent());
        PreparedJarCache.copy(analysis, cache, copy);
        assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(copy));

        Path other = PreparedJarCache.of(analysisJar("b"), cache);
        assertNotEquals(first, other, "another analysis jar, another entry");
        try (var files = Files.list(cache.resolve("prepared"))) {
            assertTrue(files.allMatch(f -> f.toString().endsWith(".jar")), "no temporary file left");
        }
    }
}
