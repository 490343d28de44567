package io.taper.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The CLI jar as the build leaves it: every class file one that the CLI's class-data-sharing archive can hold. */
class CliJarTest {

    @Test
    void everyClassFileIsJava6OrNewerAndPicocliIsAmongThem() throws IOException {
        Path cli = Path.of("").toAbsolutePath().getParent().resolve("launcher/target/taper-cli.jar");
        assertTrue(Files.isRegularFile(cli), cli + " is built before the evaluation (mvn verify builds it)");
        List<String> old = new ArrayList<>();
        int picocli = 0;
        try (JarFile jar = new JarFile(cli.toFile())) {
            for (JarEntry e : Collections.list(jar.entries())) {
                if (!e.getName().endsWith(".class")) {
                    continue;
                }
                int major = majorVersion(jar, e);
                if (major < 50) {
                    old.add(e.getName() + " (" + major + ")");
                }
                if (e.getName().startsWith("picocli/")) {
                    picocli++;
                    assertEquals(52, major, e.getName());
                }
            }
        }
        assertEquals(List.of(), old, "class files class-data sharing refuses to archive");
        assertTrue(picocli > 100, "picocli's classes: " + picocli);
    }

    private static int majorVersion(JarFile jar, JarEntry e) throws IOException {
        try (InputStream in = jar.getInputStream(e)) {
            byte[] head = in.readNBytes(8);
            return ((head[6] & 0xFF) << 8) | (head[7] & 0xFF);
        }
    }
}
