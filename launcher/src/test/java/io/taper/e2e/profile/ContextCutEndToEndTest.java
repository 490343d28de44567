package io.taper.e2e.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import io.taper.e2e.profile.fixtures.ManyPaths;
import io.taper.result.ResultKeys.MethodTimeSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * method-time on a program with more calling contexts than its state budget holds (a forked JVM with
 * {@code -Xverify:all}): the thread's tree is cut again and again, its coldest contexts flattened, while the hot
 * context that holds most of the time keeps its path; every visitor's calls are counted exactly.
 */
class ContextCutEndToEndTest {

    private static final String MAIN = "io.taper.e2e.profile.fixtures.ManyPaths";

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void aTreeOverTheBudgetCutsItsColdestContextsAndKeepsTheHotPath() throws Exception {
        Path out = tmp.resolve("cut");
        TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "method-time", "--mode", "fixed",
            "--max-state", "8m", "--out", out.toString(), "--", "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(),
            MAIN);
        assertEquals(0, o.exitCode(), o.stderr());
        String[] printed = o.stdout().trim().split(" ");
        assertEquals("calls", printed[0], o.stdout());
        long total = 0;
        for (int k = 0; k < ManyPaths.VISITORS; k++) {
            long calls = Long.parseLong(printed[k + 1]);
            total += calls;
            Map<String, Object> row = row(o.rows(), MAIN + "$V" + k, "visit");
            assertEquals(calls, num(row, "invocations"), "V" + k);
        }
        assertEquals((long) ManyPaths.WALKS * (ManyPaths.DEPTH + 1), total);

        Map<String, Object> summary = (Map<String, Object>) o.result().get("summary");
        assertTrue(num(summary, MethodTimeSummary.CONTEXT_CUTS) > 0, summary.toString());
        long cut = num(summary, MethodTimeSummary.CUT_NANOS);
        long flattened = num(summary, MethodTimeSummary.FLATTENED_NANOS);
        assertTrue(cut > 0 && cut <= flattened, cut + " of " + flattened);
        assertTrue(num(summary, MethodTimeSummary.AGENT_NANOS) > 0, "the fixture's classes were woven on main");
        long hot = num(row(o.rows(), MAIN, "hot"), "inclusiveNanos");
        assertTrue(hot >= 1_400_000_000L, "the hot call spins 1.5 s: " + hot);
        assertTrue(flattened < hot, "the cut contexts hold less time than the hot one: " + flattened);

        // the hot call keeps its own path in the flame graph's stacks, outside the flattened contexts
        List<String> stacks = Files.readAllLines(out.resolve("method-time.collapsed"));
        String hotStack = "[thread main];" + MAIN + ".main(String[]);" + MAIN + ".hot(long) ";
        assertTrue(stacks.stream().anyMatch(l -> l.startsWith(hotStack)), String.join("\n", stacks.subList(0,
            Math.min(20, stacks.size()))));
    }

    private static Map<String, Object> row(List<Map<String, Object>> rows, String cls, String method) {
        for (Map<String, Object> r : rows) {
            if (cls.equals(r.get("class")) && method.equals(r.get("method"))) {
                return r;
            }
        }
        throw new AssertionError("no row " + cls + "." + method);
    }

    private static long num(Map<String, Object> row, String key) {
        return ((Number) row.get(key)).longValue();
    }
}
