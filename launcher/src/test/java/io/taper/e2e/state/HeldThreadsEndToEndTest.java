package io.taper.e2e.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pool of 600 threads alive at once, each of which ran one task, in a 256 MiB heap: the counting analyses keep a
 * counter table per live thread, which must hold what the thread ran, not every counter of the program (600 arrays
 * spanning the program's counters outgrow this heap and the program dies of it). The program prints what it prints
 * uninstrumented, the counts are exact, and the state, measured while the threads are held, stays under its budget.
 */
class HeldThreadsEndToEndTest {

    static final int THREADS = 600;
    static final String FIXTURE = "io.taper.e2e.fixtures.HeldThreads";

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"bytecode-count", "method-count"})
    @SuppressWarnings("unchecked")
    void aPoolOfLiveThreadsKeepsTheCountersItRan(String analysis) throws Exception {
        TaperProcess.Outcome o = TaperProcess.run(tmp.resolve("out"), "run", "--analysis", analysis, "--mode", "fixed",
            "--out", tmp.resolve("out").toString(), "--", "-Xmx256m", "-cp", TaperProcess.fixtureClassPath(), FIXTURE,
            Integer.toString(THREADS), "2500");
        assertEquals(0, o.exitCode(), o.stderr());
        assertTrue(o.stdout().contains("tasks " + THREADS + " sum " + ShortThreadsEndToEndTest.sumOf(THREADS)),
            o.stdout());
        Map<String, Object> stats = o.stats();
        Map<String, Object> state = (Map<String, Object>) stats.get("state");
        long budget = ((Number) state.get("budgetBytes")).longValue();
        long peak = ((Number) state.get("peakBytes")).longValue();
        // measured at least once while the threads were held (a measurement a second, 2.5 s of holding)
        assertTrue(((Number) state.get("measurements")).longValue() >= 2, "state " + state);
        assertTrue(peak > 0 && peak <= budget, "state " + state);
        Map<String, Object> launch = (Map<String, Object>) o.result().get("launch");
        assertTrue(!String.valueOf(launch.get("threadField")).startsWith("none"), launch.toString());

        List<Map<String, Object>> rows = o.rows();
        if (analysis.equals("bytecode-count")) {
            // as ShortThreads: task() 37 bytecodes, step() 6 three times
            assertEquals(37L * THREADS, sum(rows, "task", "bytecodes"));
            assertEquals(18L * THREADS, sum(rows, "step", "bytecodes"));
        } else {
            assertEquals(THREADS, sum(rows, "task", "entries"));
            assertEquals(3L * THREADS, sum(rows, "step", "entries"));
        }
    }

    private static long sum(List<Map<String, Object>> rows, String method, String column) {
        return rows.stream().filter(r -> FIXTURE.equals(r.get("class")) && method.equals(r.get("method")))
            .mapToLong(r -> ((Number) r.get(column)).longValue()).sum();
    }
}
