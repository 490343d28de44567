package io.taper.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivatePathsTest {

    @Test
    void secretBytesDifferBetweenCalls() {
        byte[] a = PrivatePaths.secretBytes(16);
        byte[] b = PrivatePaths.secretBytes(16);
        assertEquals(16, a.length);
        assertFalse(Arrays.equals(a, b));
    }

    @Test
    void privateTempDirectoriesAreNewAndOnlyTheUsersOwn() throws Exception {
        Path one = PrivatePaths.privateTempDirectory("taper-test-");
        Path two = PrivatePaths.privateTempDirectory("taper-test-");
        try {
            assertNotEquals(one, two);
            assertEquals(Path.of(System.getProperty("java.io.tmpdir")), one.getParent());
            assertTrue(one.getFileName().toString().matches("taper-test-[0-9a-f]{16}"), one.toString());
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(one)));
        } finally {
            Files.delete(one);
            Files.delete(two);
        }
    }

    @Test
    void tempSiblingsAreUniqueAndBesideTheFile(@TempDir Path dir) {
        Path file = dir.resolve("taper.properties");
        Set<Path> names = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            Path t = PrivatePaths.tempSibling(file);
            assertEquals(dir, t.getParent());
            assertTrue(t.getFileName().toString().startsWith("taper.properties." + ProcessHandle.current().pid() + "."));
            assertTrue(t.getFileName().toString().endsWith(".tmp"));
            names.add(t);
        }
        assertEquals(100, names.size());
    }

    @Test
    void storedConfigurationLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("taper.properties");
        TaperConfig.empty().with(TaperConfig.ANALYSIS_NAME, "x").store(file);
        TaperConfig.empty().with(TaperConfig.ANALYSIS_NAME, "y").store(file);
        try (var s = Files.list(dir)) {
            assertEquals(java.util.List.of(file), s.toList());
        }
        assertEquals("y", TaperConfig.load(file).analysisName());
    }
}
