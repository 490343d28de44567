package io.taper.e2e.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program that dies still leaves results: one that runs out of heap by itself fails as it does
 * uninstrumented and leaves its results (the last write's, or the last snapshot's when the JVM could not
 * run the shutdown hooks in what heap was left); one that is SIGKILLed leaves the agent's last snapshot,
 * no older than the snapshot interval (plus the time to write it), whose rows are a subset of a full run's
 * with lower or equal counts.
 */
class ProgramDeathEndToEndTest {

    static final String TICKER = "io.taper.e2e.fixtures.Ticker";

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void aProgramThatExhaustsTheHeapFailsAsItsOwnAndLeavesResults() throws Exception {
        for (String analysis : List.of("method-count")) {
            Path base = tmp.resolve(analysis + "-none");
            TaperProcess.Outcome plain = TaperProcess.run(base, "run", "--mode", "none", "--out", base.toString(), "--",
                "-Xmx64m", "-cp", TaperProcess.fixtureClassPath(), "io.taper.e2e.fixtures.ExhaustsHeap", "1500");
            Path out = tmp.resolve(analysis);
            TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", analysis, "--mode", "fixed", "--out",
                out.toString(), "--snapshot-interval", "500", "--", "-Xmx64m", "-cp", TaperProcess.fixtureClassPath(),
                "io.taper.e2e.fixtures.ExhaustsHeap", "1500");
            assertEquals(1, plain.exitCode(), plain.stderr());
            assertEquals(plain.exitCode(), o.exitCode(), o.stderr());
            assertTrue(plain.stderr().contains("java.lang.OutOfMemoryError"), plain.stderr());
            assertTrue(o.stderr().contains("java.lang.OutOfMemoryError"), o.stderr());
            assertFalse(o.stderr().contains("Exception in thread \"taper"), o.stderr());
            Map<String, Object> stats = o.stats();
            assertEquals(Boolean.TRUE, ((Map<String, Object>) stats.get("programEnd")).get("outOfMemory"));
            boolean last = Boolean.TRUE.equals(((Map<String, Object>) stats.get("results")).get("final"));
            assertFalse(o.rows().isEmpty(), analysis + ": rows");
            if (analysis.equals("method-count")) {
                assertTrue(o.rows().stream().anyMatch(r -> "io.taper.e2e.fixtures.ExhaustsHeap".equals(r.get("class"))
                    && "main".equals(r.get("method"))), analysis + ": the program's main has its row");
            }
            if (last && analysis.equals("method-count")) {
                String column = "entries";
                long grows = o.rows().stream().filter(r -> "io.taper.e2e.fixtures.ExhaustsHeap".equals(r.get("class"))
                    && "grow".equals(r.get("method"))).mapToLong(r -> ((Number) r.get(column)).longValue()).sum();
                assertTrue(grows > 100, analysis + ": grow() called " + grows + " times");
            } else {
                assertTrue(o.stderr().contains("the results are the agent's last snapshot"), o.stderr());
            }
            assertTrue(o.stderr().contains("after running out of heap"), o.stderr());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aCrashedJvmSaysWhereItCrashedEvenWhenQuiet() throws Exception {
        Path out = tmp.resolve("crashed");
        TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "method-count", "--mode", "fixed", "--quiet",
            "--out", out.toString(), "--", "-XX:-CreateCoredumpOnCrash", "-cp", TaperProcess.fixtureClassPath(),
            "io.taper.e2e.fixtures.CrashesTheJvm");
        // without a core dump HotSpot ends a crash with exit(1) rather than abort()
        assertEquals(1, o.exitCode(), o.stderr());
        Map<String, Object> end = (Map<String, Object>) o.stats().get("programEnd");
        assertTrue(Files.isRegularFile(Paths.get((String) end.get("crashReport"))), end.toString());
        List<String> gist = (List<String>) end.get("crashGist");
        assertTrue(gist.stream().anyMatch(l -> l.startsWith("#  SIGSEGV")), gist.toString());
        assertTrue(gist.stream().anyMatch(l -> l.startsWith("# Problematic frame:")), gist.toString());
        assertTrue(gist.stream().anyMatch(l -> l.contains("sun.misc.Unsafe.putAddress")), "the stack's top: " + gist);
        assertTrue(o.stderr().contains("[taper] the observed JVM crashed (report: " + end.get("crashReport") + "):"),
            o.stderr());
        assertTrue(o.stderr().contains("[taper]   # Problematic frame:"), o.stderr());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aKilledProgramLeavesItsLastSnapshot() throws Exception {
        Path full = tmp.resolve("full");
        TaperProcess.Outcome complete = TaperProcess.run(full, "run", "--analysis", "method-count", "--out",
            full.toString(), "--", "-cp", TaperProcess.fixtureClassPath(), TICKER, "400");
        assertEquals(0, complete.exitCode(), complete.stderr());

        Path out = tmp.resolve("killed");
        Path stdout = tmp.resolve("killed.stdout");
        List<String> cmd = List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
            "-Dtaper.home=" + TaperProcess.home(), "-cp", System.getProperty("java.class.path"),
            "io.taper.launcher.TaperCli", "run", "--analysis", "method-count", "--snapshot-interval", "500",
            "--out", out.toString(), "--", "-cp", TaperProcess.fixtureClassPath(), TICKER, "400");
        Process launcher = new ProcessBuilder(cmd).redirectOutput(stdout.toFile())
            .redirectError(tmp.resolve("killed.stderr").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(stdout, StandardCharsets.UTF_8).contains("ticks 200") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Optional<ProcessHandle> program = launcher.descendants()
            .filter(p -> p.info().commandLine().orElse("").contains(TICKER)).findFirst();
        assertTrue(program.isPresent(), "the observed JVM runs");
        Runtime.getRuntime().exec(new String[] {"kill", "-KILL", Long.toString(program.get().pid())}).waitFor();
        assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "the launcher ended");
        assertEquals(137, launcher.exitValue());
        assertFalse(Files.readString(stdout).contains("ticks 400"), "killed before its end");

        Map<String, Object> result = TaperProcess.readJson(out.resolve("result.json"));
        Map<String, Object> stats = (Map<String, Object>) result.get("stats");
        Map<String, Object> results = (Map<String, Object>) stats.get("results");
        assertEquals(Boolean.FALSE, results.get("final"), results.toString());
        long age = ((Number) results.get("ageMillis")).longValue();
        assertTrue(age <= 500 + 1000, "snapshot age " + age + " ms");
        assertEquals("SIGKILL (signal 9)", ((Map<String, Object>) stats.get("programEnd")).get("signal"));

        Map<String, Long> fullCounts = counts(complete.rows());
        List<Map<String, Object>> rows = (List<Map<String, Object>>) result.get("rows");
        assertFalse(rows.isEmpty());
        Map<String, Long> snapshotCounts = counts(rows);
        long ticks = snapshotCounts.getOrDefault(TICKER + ".tick(I)I", 0L);
        assertTrue(ticks >= 100 && ticks < 400, "ticks in the snapshot: " + ticks);
        for (Map.Entry<String, Long> e : snapshotCounts.entrySet()) {
            if (e.getKey().startsWith(TICKER)) {
                Long inFull = fullCounts.get(e.getKey());
                assertNotNull(inFull, e.getKey() + " is not in the full run");
                assertTrue(e.getValue() <= inFull, e.getKey() + ": " + e.getValue() + " > " + inFull);
            }
        }
        assertTrue(Files.readString(tmp.resolve("killed.stderr")).contains("the results are the agent's last snapshot"));
    }

    private static Map<String, Long> counts(List<Map<String, Object>> rows) {
        Map<String, Long> m = new HashMap<>();
        for (Map<String, Object> r : rows) {
            m.merge(r.get("class") + "." + r.get("method") + r.get("descriptor"), ((Number) r.get("entries")).longValue(),
                Long::sum);
        }
        return m;
    }
}
