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
 * budget or a quarter of the heap, whichever is more, count into one shared array. The program runs as it does
 * uninstrumented; method entries count there under a lock and stay exact, while a method's blocks, counted with plain
 * increments into the array the method fetched, make the block counts a lower bound, which the result says. Under
 * method-time, the threads that start past the state budget record per method into one shared tree: calls exact.
 */
class ManyThreadsEndToEndTest {

    static final String MAIN = "io.taper.examples.stress.ManyThreadsFormat";

    @TempDir
    Path tmp;

    @SuppressWarnings("unchecked")
    @ParameterizedTest
    @ValueSource(strings = {"method-count", "bytecode-count", "method-time"})
    void aThousandThreadsInA256MibHeapRunAsUninstrumented(String analysis) throws Exception {
        String examples = TaperProcess.home().resolve("examples/target/classes").toString();
        // eager: every thread's String.format is counted (method-time's default pass runs beside the program)
        TaperProcess.Outcome run = TaperProcess.run(tmp, "run", "-q", "--analysis", analysis, "--mode", "fixed",
            "--startup-pass", "eager", "--out", tmp.toString(), "--", "-Xmx256m", "-cp", examples, MAIN, "1000");
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals("threads 1000 total 18290 262144\n", run.stdout().replaceAll("(?m)^\\[taper\\].*\\n", ""));
        Map<String, Object> summary = (Map<String, Object>) run.result().get("summary");
        Map<String, Object> state = (Map<String, Object>) run.stats().get("state");
        if (analysis.equals("method-time")) {
            assertTrue(((Number) summary.get("threadsPastStateBudget")).longValue() > 0, "summary: " + summary);
            assertEquals(1000L, invocations(run, MAIN, "lambda$main$0"));
            assertEquals(1000L, invocations(run, "java.lang.String", "format"));
            assertTrue(((Number) state.get("peakBytes")).doubleValue() < 0.4 * (256 << 20), "state: " + state);
            return;
        }
        long sharing = ((Number) summary.get("threadsPastCounterBudget")).longValue();
        assertTrue(sharing > 500, "threads past the budget: " + summary);
        assertEquals(!analysis.equals("bytecode-count"), summary.get("countsExact"));
        // the threads' own arrays stop at a quarter of the heap: the state, with the shared array, stays near it
        assertTrue(((Number) state.get("peakBytes")).doubleValue() < 0.4 * (256 << 20), "state: " + state);
        if (analysis.equals("method-count")) {
            Map<String, Long> counts = MethodCountEndToEndTest.counts(run.rows());
            long lambda = counts.entrySet().stream()
                .filter(e -> e.getKey().startsWith(MAIN + ".lambda$main$")).mapToLong(Map.Entry::getValue).sum();
            assertEquals(1000, lambda, "the threads' body's entries");
            // once per thread, and most threads counted it in the shared array, all at about the same moment
            assertEquals(1000L, counts.get("java.lang.String.format(Ljava/lang/String;[Ljava/lang/Object;)"
                + "Ljava/lang/String;"));
        }
    }

    private static long invocations(TaperProcess.Outcome run, String className, String method)
            throws java.io.IOException {
        return run.rows().stream().filter(r -> className.equals(r.get("class")) && method.equals(r.get("method")))
            .mapToLong(r -> ((Number) r.get("invocations")).longValue()).sum();
    }
}
