package io.taper.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which options a server gets, and what is published after it exits, on a JDK laid out as HotSpot's are. */
class ServerClassArchiveTest {

    @TempDir
    Path tmp;

    private Path java;
    private Path jar;
    private Path dir;

    @BeforeEach
    void jdk() throws IOException {
        Path home = tmp.resolve("jdk");
        java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\n");
        Files.createDirectories(home.resolve("lib/server"));
        Files.write(home.resolve("lib/server/classes.jsa"), new byte[] {1});
        Files.write(home.resolve("lib/modules"), new byte[] {1, 2});
        jar = Files.writeString(tmp.resolve("taper-server.jar"), "jar");
        dir = tmp.resolve("cache/cds");
    }

    private static Path optionPath(ServerClassArchive a, String prefix) {
        String o = a.options().stream().filter(s -> s.startsWith(prefix)).findFirst().orElseThrow();
        return Path.of(o.substring(prefix.length()));
    }

    @Test
    void theFirstServerWritesTheArchiveAndLaterOnesMapIt() throws IOException {
        ServerClassArchive first = ServerClassArchive.plan(java, jar, dir, true);
        assertTrue(first.writes());
        Path pending = optionPath(first, "-XX:ArchiveClassesAtExit=");
        assertEquals(dir, pending.getParent());
        assertEquals(List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off"), first.options().subList(1, 3));
        assertFalse(Files.exists(first.file()));

        Files.write(pending, new byte[] {42});      // what the JVM writes at its exit
        assertTrue(first.publish(true));
        assertTrue(Files.isRegularFile(first.file()));
        assertFalse(Files.exists(pending));

        Files.setLastModifiedTime(first.file(), FileTime.fromMillis(1_000));
        ServerClassArchive later = ServerClassArchive.plan(java, jar, dir, true);
        assertTrue(Files.getLastModifiedTime(first.file()).toMillis() > 1_000,
            "touched when mapped: the woven-class cache's bound removes the oldest files first");
        assertFalse(later.writes());
        assertEquals(first.file(), optionPath(later, "-XX:SharedArchiveFile="));
        assertFalse(later.publish(true), "nothing to publish");
        assertEquals(first.file(), ServerClassArchive.plan(java, jar, dir, false).file(), "mapped when not creating");
    }

    @Test
    void aServerThatFailedOrWroteNothingPublishesNothing() throws IOException {
        ServerClassArchive failed = ServerClassArchive.plan(java, jar, dir, true);
        Path pending = optionPath(failed, "-XX:ArchiveClassesAtExit=");
        Files.write(pending, new byte[] {42});
        assertFalse(failed.publish(false));
        assertFalse(Files.exists(pending));
        assertFalse(Files.exists(failed.file()));

        ServerClassArchive empty = ServerClassArchive.plan(java, jar, dir, true);
        Files.write(optionPath(empty, "-XX:ArchiveClassesAtExit="), new byte[0]);
        assertFalse(empty.publish(true));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count());
        }
    }

    @Test
    void aRebuiltJarHasAnArchiveOfItsOwnAndOnlyTheNewestAreKept() throws IOException {
        Path previous = null;
        for (int build = 0; build < ServerClassArchive.KEPT + 2; build++) {
            Files.setLastModifiedTime(jar, FileTime.fromMillis(1_000_000L * (build + 1)));
            ServerClassArchive a = ServerClassArchive.plan(java, jar, dir, true);
            assertTrue(a.writes(), "build " + build);
            assertNotEquals(previous, a.file());
            Files.write(optionPath(a, "-XX:ArchiveClassesAtExit="), new byte[] {1});
            assertTrue(a.publish(true));
            Files.setLastModifiedTime(a.file(), FileTime.fromMillis(System.currentTimeMillis() - 60_000L * (10 - build)));
            previous = a.file();
        }
        try (Stream<Path> left = Files.list(dir)) {
            List<Path> kept = left.toList();
            assertEquals(ServerClassArchive.KEPT, kept.size(), kept.toString());
            assertTrue(kept.contains(previous));
        }
    }

    @Test
    void noBaseArchiveMeansNoOptions() throws IOException {
        Files.delete(java.getParent().getParent().resolve("lib/server/classes.jsa"));
        ServerClassArchive a = ServerClassArchive.plan(java, jar, dir, true);
        assertEquals(List.of(), a.options());
        assertNull(a.file());
        assertFalse(Files.exists(dir));
        assertEquals(List.of(), ServerClassArchive.plan(tmp.resolve("no/bin/java"), jar, dir, true).options());
    }

    @Test
    void theCommandLineCarriesTheOptionsBeforeTheJar() {
        ServerClassArchive a = ServerClassArchive.plan(java, jar, dir, true);
        List<String> cmd = ServerCommandLine.of("java", "s.jar", "c.properties", a);
        assertEquals(List.of("java", "-XX:+UseSerialGC", "-Xshare:auto", "-XX:TieredStopAtLevel=1"), cmd.subList(0, 4));
        assertEquals(a.options(), cmd.subList(4, 7));
        assertEquals(List.of("-jar", "s.jar", "--config", "c.properties"), cmd.subList(7, 11));
        assertEquals(ServerCommandLine.of("java", "s.jar", "c.properties", ServerClassArchive.none()),
            ServerCommandLine.of("java", "s.jar", "c.properties"));
    }
}
