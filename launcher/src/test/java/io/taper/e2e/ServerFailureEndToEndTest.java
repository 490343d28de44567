package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The observed program is never broken by Taper: a server that dies or never starts. */
class ServerFailureEndToEndTest {

    static final String MAIN = "io.taper.e2e.fixtures.KillsServer";
    static final String OUTPUT = "before 190\nafter 41 late k\n";

    @TempDir
    Path tmp;

    @Test
    void serverKilledMidRunLeavesOutputAndExitCodeUnchanged() throws Exception {
        Path out = tmp.resolve("killed");
        TaperProcess.Outcome run = TaperProcess.run(out, "run", "--analysis", "method-count", "--mode", "fixed",
                "--out", out.toString(), "--", "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN,
                out.toString());
        assertEquals(3, run.exitCode(), run.stderr());
        assertEquals(OUTPUT, run.stdout());
        Map<String, Object> stats = run.stats();
        assertTrue(((Number) stats.get("classesWoven")).intValue() > 400, stats.toString());
        assertTrue(((Number) stats.get("classesUntransformed")).intValue() >= 2,
                "LateA and LateB at least were left untransformed: " + stats);
        assertEquals(1, countOccurrences(run.stderr(), "WARNING"), "exactly one warning:\n" + run.stderr());
        // the rows gathered before the server died are still reported
        assertTrue(run.rows().stream().anyMatch(r -> (MAIN + "$Phase").equals(r.get("class"))), "a row for " + MAIN + "$Phase");
    }

    @Test
    void aStoppedServerIsNotWaitedForAndTheSummarySaysSo() throws Exception {
        Path out = tmp.resolve("stopped");
        TaperProcess.Outcome run = TaperProcess.run(out, "run", "--analysis", "method-count", "--mode", "fixed",
                "--out", out.toString(), "--", "-cp", TaperProcess.fixtureClassPath(), MAIN, out.toString(), "stop");
        assertEquals(3, run.exitCode(), run.stderr());
        assertEquals(OUTPUT, run.stdout());
        Map<String, Object> stats = run.stats();
        String pid = java.nio.file.Files.readString(out.resolve("work/server.pid")).trim();
        // the agent's watchdog saw the stopped process instead of waiting out the request timeout
        assertEquals("the server process (pid " + pid + ") is stopped", stats.get("serverUnavailable"), stats.toString());
        assertEquals("server was stopped (not running) at the end of the run: killed without waiting",
                stats.get("serverProblem"));
        assertTrue(run.stderr().contains("[taper] the agent lost the server: the server process (pid " + pid
                + ") is stopped"), run.stderr());
        assertTrue(((Number) stats.get("classesUntransformed")).intValue() >= 2, stats.toString());
        assertTrue(ProcessHandle.of(Long.parseLong(pid)).map(h -> !h.isAlive()).orElse(true), "the server is gone");
    }

    @Test
    void serverThatCannotStartStillRunsTheProgram() throws Exception {
        Path out = tmp.resolve("nostart");
        // a java that is not a JVM: the server cannot start, the observed JVM uses the real one
        TaperProcess.Outcome run = TaperProcess.run(out, "run", "--analysis", "method-count", "--mode", "fixed",
                "--server-java", "/bin/false", "--out", out.toString(), "--",
                "-cp", TaperProcess.fixtureClassPath(), MAIN);
        assertEquals(3, run.exitCode(), run.stderr());
        assertEquals(OUTPUT, run.stdout());
        Map<String, Object> stats = run.stats();
        assertEquals(0.0, stats.get("classesWoven"));
        assertTrue(((Number) stats.get("classesUntransformed")).intValue() > 400, stats.toString());
        assertTrue(String.valueOf(stats.get("serverProblem")).contains("exited before it was ready"), stats.toString());
        assertEquals(1, countOccurrences(run.stderr(), "WARNING"), "exactly one warning:\n" + run.stderr());
    }

    static int countOccurrences(String s, String word) {
        int n = 0;
        for (int i = s.indexOf(word); i >= 0; i = s.indexOf(word, i + 1)) {
            n++;
        }
        return n;
    }
}
