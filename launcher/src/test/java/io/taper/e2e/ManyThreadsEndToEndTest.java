package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A thousand live threads that each format strings and then wait, in a 256 MiB heap, under the counting analyses:
 * a counter array per thread would take more than the heap (it spans every counter), so the threads past the state's
 * budget or a quarter of the heap, whichever is more, count into one shared array. The program runs as it does uninstrumented, and the result says its counts are
 * a lower bound and how many threads shared.
 */
class ManyThreadsEndToEndTest {

    static final String MAIN = "io.taper.examples.stress.ManyThreadsFormat";

    @TempDir
    Path tmp;

    @SuppressWarnings("unchecked")
    @ParameterizedTest
    @ValueSource(strings = {"method-count", "bytecode-count"})
    void aThousandThreadsInA256MibHeapRunAsUninstrumented(String analysis) throws Exception {
        String examples = TaperProcess.home().resolve("examples/target/classes").toString();
        TaperProcess.Outcome run = TaperProcess.run(tmp, "run", "-q", "--analysis", analysis, "--mode", "fixed",
            "--out", tmp.toString(), "--", "-Xmx256m", "-cp", examples, MAIN, "1000");
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals("threads 1000 total 18290 262144\n", run.stdout().replaceAll("(?m)^\\[taper\\].*\\n", ""));
        Map<String, Object> summary = (Map<String, Object>) run.result().get("summary");
        long sharing = ((Number) summary.get("threadsPastCounterBudget")).longValue();
        assertTrue(sharing > 500, "threads past the budget: " + summary);
        assertEquals(false, summary.get("countsExact"));
        Map<String, Object> state = (Map<String, Object>) run.stats().get("state");
        // the threads' own arrays stop at a quarter of the heap: the state, with the shared array, stays near it
        assertTrue(((Number) state.get("peakBytes")).doubleValue() < 0.4 * (256 << 20), "state: " + state);
        if (analysis.equals("method-count")) {
            long lambda = MethodCountEndToEndTest.counts(run.rows()).entrySet().stream()
                .filter(e -> e.getKey().startsWith(MAIN + ".lambda$main$")).mapToLong(Map.Entry::getValue).sum();
            // a lower bound: two sharing threads entering it at the same moment may lose one increment
            assertTrue(lambda <= 1000 && lambda >= 990, "the threads' body entered " + lambda + " times");
        }
    }
}
