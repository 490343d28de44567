package io.taper.eval.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real child processes: exit codes, output files, CPU time and the killing of a process tree at timeout. */
class ProcessRunnerTest {

    @TempDir
    Path dir;

    @Test
    void exitCodeOutputAndCpuTimeOfTheTree() throws Exception {
        // The CPU is burnt by a grandchild (a subshell), which the shell's `times` still counts.
        ProcessRunner.Outcome o = new ProcessRunner().run(List.of("bash", "-c",
                "(i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done); echo first; echo '[taper] done' ; echo oops >&2; exit 3"),
                dir, Duration.ofSeconds(60));
        assertEquals(3, o.exitCode());
        assertFalse(o.timedOut());
        assertNull(o.startError());
        assertTrue(o.cpuMillis() > 50, "cpu " + o.cpuMillis());
        assertTrue(o.wallMillis() >= o.cpuMillis() / 2, "wall " + o.wallMillis());
        assertEquals("first", ProcessRunner.lastOutputLine(dir));
        assertEquals("oops", ProcessRunner.stderrTail(dir, 3));
    }

    @Test
    void aTimeoutKillsTheWholeTree() throws Exception {
        Path pidFile = dir.resolve("child.pid");
        ProcessRunner.Outcome o = new ProcessRunner().run(List.of("bash", "-c",
                "sleep 120 & echo $! > " + pidFile + "; wait"), dir, Duration.ofMillis(1500));
        assertTrue(o.timedOut());
        assertEquals(-1, o.exitCode());
        assertTrue(o.wallMillis() < 30_000, "wall " + o.wallMillis());
        long sleeper = Long.parseLong(Files.readString(pidFile).strip());
        assertFalse(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive).orElse(false), "sleep still alive");
    }

    @Test
    void aMissingProgramIsAFailureNotACrash() throws Exception {
        ProcessRunner.Outcome o = new ProcessRunner(false).run(List.of(dir.resolve("no-such-taper").toString()),
                dir.resolve("run"), Duration.ofSeconds(5));
        assertTrue(o.startError().startsWith("cannot start " + dir.resolve("no-such-taper")), o.startError());
    }

    @Test
    void timesLineParsing() {
        assertEquals(63_500, ProcessRunner.parseTimesLine("1m2.250s 0m1.250s"));
        assertEquals(-1, ProcessRunner.parseTimesLine("garbage"));
    }
}
