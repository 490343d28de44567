package io.taper.e2e.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread-per-task program (50,000 short threads, 8 alive at once) in a 64 MiB heap completes under every
 * analysis and mode, prints what it prints uninstrumented, and Taper's state stays under its budget; fixed
 * counts are exact through the merging of finished threads. bytecode-count's arrays span every counter of the
 * program per live thread, more than this budget: it must complete with exact counts, its threads taking over ended
 * threads' arrays rather than each making one.
 */
class ShortThreadsEndToEndTest {

    static final int THREADS = 50_000;
    static final String FIXTURE = "io.taper.e2e.fixtures.ShortThreads";

    @TempDir
    Path tmp;

    /** What the fixture prints: every task's step applied three times to its number, summed. */
    static String expectedOutput() {
        long sum = 0;
        for (int i = 0; i < THREADS; i++) {
            long x = i;
            for (int k = 0; k < 3; k++) {
                x = x * 31 + 7;
            }
            sum += x;
        }
        return "tasks " + THREADS + " sum " + sum;
    }

    @ParameterizedTest(name = "{0} {1}")
    // method-count's adaptive mode has no strategy of its own (its controller is none): it runs as fixed does
    @CsvSource({"method-count,fixed", "method-time,fixed", "method-time,adaptive", "sfa,fixed", "sfa,adaptive",
        "bytecode-count,fixed"})
    @SuppressWarnings("unchecked")
    void aThreadPerTaskProgramCompletesWithBoundedState(String analysis, String mode) throws Exception {
        TaperProcess.Outcome o = TaperProcess.run(tmp.resolve("out"), "run", "--analysis", analysis, "--mode", mode,
            "--out", tmp.resolve("out").toString(), "--", "-Xmx64m", "-cp", TaperProcess.fixtureClassPath(), FIXTURE,
            Integer.toString(THREADS), "8");
        assertEquals(0, o.exitCode(), o.stderr());
        assertTrue(o.stdout().contains(expectedOutput()), o.stdout());
        Map<String, Object> stats = o.stats();
        Map<String, Object> state = (Map<String, Object>) stats.get("state");
        long budget = ((Number) state.get("budgetBytes")).longValue();
        long peak = ((Number) state.get("peakBytes")).longValue();
        assertTrue(peak > 0 && (peak <= budget || analysis.equals("bytecode-count")), "state " + state);
        assertEquals(Boolean.TRUE, ((Map<String, Object>) stats.get("results")).get("final"));

        List<Map<String, Object>> rows = o.rows();
        if (analysis.equals("bytecode-count")) {
            // task(): 5, then the loop test 3 four times and its body 5 three times, then 5; step(): 6, three times
            assertEquals(37L * THREADS, entries(rows, "task", "bytecodes"));
            assertEquals(18L * THREADS, entries(rows, "step", "bytecodes"));
            Map<String, Object> summary = (Map<String, Object>) o.result().get("summary");
            assertTrue(((Number) summary.get("threadsTakingOverArrays")).longValue() > THREADS / 2, summary.toString());
        } else if (analysis.equals("method-count")) {
            assertEquals(THREADS, entries(rows, "task", "entries"));
            assertEquals(3L * THREADS, entries(rows, "step", "entries"));
        } else if (analysis.equals("method-time")) {
            Map<String, Object> summary = (Map<String, Object>) o.result().get("summary");
            Map<String, Object> groups = (Map<String, Object>) summary.get("threadGroups");
            long merged = ((Number) groups.get("task-#")).longValue();
            // adaptive: once task() and step() are removed, the threads make no observed call, so have no profile
            assertTrue(mode.equals("fixed") ? merged == THREADS : merged > 0 && merged <= THREADS, groups.toString());
            assertTrue(((Number) summary.get("liveThreads")).longValue() < 100, summary.toString());
            if (mode.equals("fixed")) {
                assertEquals(THREADS, entries(rows, "task", "invocations"));
                assertEquals(3L * THREADS, entries(rows, "step", "invocations"));
            } else {      // adaptive removes the cheap methods: their counts stop where removal took effect
                assertTrue(entries(rows, "task", "invocations") <= THREADS);
            }
        }
    }

    private static long entries(List<Map<String, Object>> rows, String method, String column) {
        return rows.stream().filter(r -> FIXTURE.equals(r.get("class")) && method.equals(r.get("method")))
            .mapToLong(r -> ((Number) r.get(column)).longValue()).sum();
    }
}
