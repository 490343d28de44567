package io.taper.server.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.protocol.Weave;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupClassesTest {

    @TempDir
    Path dir;

    private static Weave startup(String name, byte[] bytes) {
        return new Weave(1, 0, name, true, new int[0], Map.of(), bytes, true);
    }

    private static List<String> names(List<StartupClasses.Entry> entries) {
        return entries.stream().map(StartupClasses.Entry::name).toList();
    }

    @Test
    void aRunAddsItsNewClassesToTheFilesWithItsBytesOfTheOthers() {
        Path file = dir.resolve("startup/jdk.classes");
        StartupClasses first = new StartupClasses(file);
        assertEquals(List.of(), first.load());
        first.record(startup("java/lang/B", new byte[] {2}));
        first.record(startup("java/lang/A", new byte[] {1}));
        first.record(startup("java/lang/A", new byte[] {9}));   // the first bytes of a class are kept
        first.writeIfChanged();
        assertTrue(first.written());

        StartupClasses second = new StartupClasses(file);
        List<StartupClasses.Entry> read = second.load();
        assertEquals(List.of("java/lang/A", "java/lang/B"), names(read));
        assertArrayEquals(new byte[] {1}, read.get(0).bytes());
        // a run that took the answers sends only what it lacked: the file keeps the rest
        second.record(startup("java/lang/C", new byte[] {3}));
        second.record(startup("java/lang/B", new byte[] {4}));
        second.writeIfChanged();
        assertTrue(second.written());

        StartupClasses third = new StartupClasses(file);
        read = third.load();
        assertEquals(List.of("java/lang/A", "java/lang/B", "java/lang/C"), names(read));
        assertArrayEquals(new byte[] {4}, read.get(1).bytes());
        third.record(startup("java/lang/A", new byte[] {1}));
        third.record(startup("java/lang/C", new byte[] {5}));
        third.writeIfChanged();
        assertFalse(third.written(), "no new class: other bytes of a known one wait for one");
        assertArrayEquals(new byte[] {3}, new StartupClasses(file).load().get(2).bytes());
    }

    @Test
    void aRunThatNeverReadTheFileStillKeepsItsClasses() {
        Path file = dir.resolve("early.classes");
        StartupClasses first = new StartupClasses(file);
        first.record(startup("java/lang/A", new byte[] {1}));
        first.writeIfChanged();
        StartupClasses early = new StartupClasses(file);   // stops before its replay read the file
        early.record(startup("java/lang/B", new byte[] {2}));
        early.writeIfChanged();
        assertEquals(List.of("java/lang/A", "java/lang/B"), names(new StartupClasses(file).load()));
    }

    @Test
    void theClassesAnAnalysisSkipsAreKeptButNotWovenAhead() {
        Path file = dir.resolve("skip.classes");
        StartupClasses all = new StartupClasses(file);
        all.record(startup("java/lang/A", new byte[] {1}));
        all.record(startup("jdk/jfr/B", new byte[] {2}));
        all.writeIfChanged();
        StartupClasses skipping = new StartupClasses(file, List.of("jdk/jfr/"));
        assertEquals(List.of("java/lang/A"), names(skipping.load()));
        skipping.record(startup("java/lang/C", new byte[] {3}));
        skipping.writeIfChanged();
        assertEquals(List.of("java/lang/A", "java/lang/C", "jdk/jfr/B"), names(new StartupClasses(file).load()));
    }

    @Test
    void onlyTheBootstrapLoadersClassesOfThePassWithEverySiteEnabledAreKept() {
        StartupClasses s = new StartupClasses(dir.resolve("x.classes"));
        byte[] b = {1};
        s.record(new Weave(1, 0, "a/NotStartup", true, new int[0], Map.of(), b, false));
        s.record(new Weave(1, 0, "a/FirstLoad", false, new int[0], Map.of(), b, true));
        s.record(new Weave(1, 2, "a/AppLoader", true, new int[0], Map.of(), b, true));
        s.record(new Weave(1, 0, "a/Disabled", true, new int[] {4}, Map.of(), b, true));
        s.record(new Weave(1, 0, "a/Variant", true, new int[0], Map.of(4, "entry"), b, true));
        s.record(new Weave(1, 0, "", true, new int[0], Map.of(), b, true));
        assertEquals(0, s.recorded());
        s.record(startup("a/Kept", b));
        assertEquals(1, s.recorded());
    }

    @Test
    void aFileThatDoesNotReadBackWholeIsRefused() throws IOException {
        Map<String, byte[]> classes = new TreeMap<>(Map.of("java/lang/A", new byte[] {1, 2, 3}));
        byte[] good = StartupClasses.encode(classes);
        assertEquals(List.of("java/lang/A"), names(StartupClasses.decode(good)));
        assertEquals("truncated (10 bytes)",
            assertThrows(IOException.class, () -> StartupClasses.decode(Arrays.copyOf(good, 10))).getMessage());
        assertEquals("checksum mismatch",
            assertThrows(IOException.class, () -> StartupClasses.decode(Arrays.copyOf(good, good.length - 1))).getMessage());
        Path file = dir.resolve("bad.classes");
        Files.write(file, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21});
        StartupClasses s = new StartupClasses(file);
        assertEquals(List.of(), s.load());
        assertEquals(file + ": checksum mismatch", s.problem());
        assertNull(new StartupClasses(dir.resolve("absent.classes")).problem());
    }

    @Test
    void theFileIsNamedByTheJdkAndTheOptionsItsClassesCameFrom() throws IOException {
        Path home = Path.of(System.getProperty("java.home"));
        assertEquals(StartupClasses.jdkKey(home, ""), StartupClasses.jdkKey(home, ""));
        Path other = Files.createDirectories(dir.resolve("jdk/lib"));
        Files.write(other.resolve("modules"), new byte[] {1});
        assertFalse(StartupClasses.jdkKey(home, "").equals(StartupClasses.jdkKey(dir.resolve("jdk"), "")));
        assertFalse(StartupClasses.jdkKey(home, "").equals(StartupClasses.jdkKey(home, "-Xshare:off")));
    }
}
