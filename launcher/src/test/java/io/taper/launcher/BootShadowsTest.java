package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When the launcher patches java.base with boot shadows, and where the patch lives. */
class BootShadowsTest {

    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");
    private static final List<String> APP = List.of("-cp", "app.jar", "Main");
    /** A server jar that is not there: only its name counts. */
    private static final Path MAKER = Path.of("no-such-server.jar");

    @TempDir
    Path work;

    @Test
    void anAnalysisWithoutShadowFieldsHasNoPlan() {
        assertNull(BootShadows.plan(null, true, JAVA, APP, work, MAKER));
        assertNull(BootShadows.plan(" ", true, JAVA, APP, work, MAKER));
    }

    @Test
    void thePatchIsOneDirectoryPerJdkAndPrefixForTheServerToFill() throws Exception {
        BootShadows a = BootShadows.plan("$p$", true, JAVA, APP, work, MAKER);
        assertNull(a.skipped);
        assertEquals(JAVA.toRealPath().getParent().getParent(), a.javaHome);
        assertEquals(a.dir, BootShadows.plan("$p$", true, JAVA, List.of("-jar", "other.jar"), work, MAKER).dir);
        assertNotEquals(a.dir, BootShadows.plan("$q$", true, JAVA, APP, work, MAKER).dir);
        Path server = Files.write(work.resolve("server.jar"), new byte[] {1});
        Path made = BootShadows.plan("$p$", true, JAVA, APP, work, server).dir;
        assertNotEquals(a.dir, made, "another server");
        assertEquals(made, BootShadows.plan("$p$", true, JAVA, APP, work, server).dir);
        Files.write(server, new byte[] {1, 2});
        assertNotEquals(made, BootShadows.plan("$p$", true, JAVA, APP, work, server).dir, "the server rebuilt");
        assertEquals(Files.isRegularFile(a.dir.resolve("COMPLETE")) ? a.dir : null, a.readyDir(),
            "ready once the server marked it complete");
    }

    @Test
    void argumentsThatPatchJavaBaseOrNeedClassDataSharingTurnItOff() {
        for (String arg : List.of("--patch-module", "--patch-module=java.base=x", "-Xshare:on", "-Xshare:dump",
                "-XX:SharedArchiveFile=app.jsa", "-XX:ArchiveClassesAtExit=app.jsa")) {
            BootShadows b = BootShadows.plan("$p$", true, JAVA, List.of(arg, "-cp", "app.jar", "Main"), work, MAKER);
            assertNull(b.dir, arg);
            assertEquals("the program's arguments include " + arg, b.skipped);
        }
        assertEquals("--no-boot-shadows", BootShadows.plan("$p$", false, JAVA, APP, work, MAKER).skipped);
    }

    @Test
    void aJavaOutsideAJdkImageGetsNoPatch() throws Exception {
        Path bin = Files.createDirectories(work.resolve("fake/bin"));
        Path java = Files.createFile(bin.resolve("java"));
        BootShadows b = BootShadows.plan("$p$", true, java, APP, work, MAKER);
        assertNull(b.dir);
        assertTrue(b.skipped.startsWith("no lib/modules under "), b.skipped);
        assertTrue(BootShadows.plan("$p$", true, work.resolve("missing/bin/java"), APP, work, MAKER).skipped
            .startsWith("cannot find the java.home of "));
    }
}
