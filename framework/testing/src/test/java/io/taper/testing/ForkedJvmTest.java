package io.taper.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForkedJvmTest {

    @TempDir
    Path dir;

    @Test
    void aCrashReportUnderTheRunsDirectoryIsKeptAndShownInTheOutput() throws Exception {
        Path work = dir.resolve("out/work");
        Files.createDirectories(work);
        ForkedJvm.Result r = ForkedJvm.of("-Xmx16m", "-XX:+CrashOnOutOfMemoryError", "-XX:-CreateCoredumpOnCrash",
                "-XX:ErrorFile=" + work.resolve("hs_err_pid%p.log"), "-cp", ForkedJvm.classPathOf(HeapEater.class),
                HeapEater.class.getName()).run(dir, "eater");
        assertNotEquals(0, r.exitCode(), r.output());
        assertEquals(1, r.crashReports().size(), r.output());
        Path kept = r.crashReports().get(0);
        assertTrue(kept.startsWith(ForkedJvm.CRASH_REPORTS.toAbsolutePath()), kept.toString());
        assertTrue(kept.getFileName().toString().startsWith("eater-hs_err_pid"), kept.toString());
        assertTrue(Files.readString(kept).contains("OutOfMemoryError"), kept.toString());
        assertTrue(r.output().contains("--- crash report kept as " + kept), r.output());
        assertTrue(r.output().contains("A fatal error has been detected by the Java Runtime Environment"), r.output());

        // a later run in the same directory does not claim the earlier run's report
        ForkedJvm.Result next = ForkedJvm.of("-cp", ForkedJvm.classPathOf(HeapEater.class), "-version").run(dir, "next");
        assertEquals(0, next.exitCode(), next.output());
        assertEquals(List.of(), next.crashReports());
        Files.delete(kept);
    }
}
