package io.taper.e2e.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import io.taper.e2e.profile.fixtures.DeepRecursion;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * method-time on deep recursion (a forked JVM with {@code -Xverify:all}): recursion folds onto its outermost
 * activation's context, so half a million stack paths make a few dozen contexts, none flattened; every call is
 * counted; a recursive method's inclusive time is counted once, within its caller's and the thread's.
 */
class DeepRecursionEndToEndTest {

    private static final String MAIN = "io.taper.e2e.profile.fixtures.DeepRecursion";

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void deepRecursionFoldsWithExactCallsAndNoFlattenedContexts() throws Exception {
        Path out = tmp.resolve("deep");
        TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "method-time", "--mode", "fixed",
            "--out", out.toString(), "--", "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN);
        assertEquals(0, o.exitCode(), o.stderr());
        long incs = 0;
        for (int t = 0; t < DeepRecursion.EXPRESSIONS; t++) {
            for (int i = 0; i < DeepRecursion.DEPTH; i++) {
                incs += DeepRecursion.kind(t, i) == 0 ? 1 : 0;
            }
        }
        long negs = (long) DeepRecursion.EXPRESSIONS * DeepRecursion.DEPTH - incs;
        Map<String, Map<String, Object>> rows = new HashMap<>();
        for (Map<String, Object> r : o.rows()) {
            rows.put(r.get("class") + "." + r.get("method") + r.get("descriptor"), r);
        }
        assertEquals(5001L, num(rows.get(MAIN + ".countdown(I)I"), "invocations"));
        assertEquals(5001L, num(rows.get(MAIN + ".countdown(I)I"), "maxRecursion"));
        assertEquals(2501L, num(rows.get(MAIN + ".isEven(I)Z"), "invocations"));
        assertEquals(2500L, num(rows.get(MAIN + ".isOdd(I)Z"), "invocations"));
        assertEquals(2501L, num(rows.get(MAIN + ".isEven(I)Z"), "maxRecursion"));
        assertEquals(incs, num(rows.get(MAIN + "$Inc.eval()J"), "invocations"));
        assertEquals(negs, num(rows.get(MAIN + "$Neg.eval()J"), "invocations"));
        assertEquals((long) DeepRecursion.EXPRESSIONS, num(rows.get(MAIN + "$Num.eval()J"), "invocations"));
        assertTrue(incs > 200_000 && negs > 200_000, incs + " " + negs);

        Map<String, Object> summary = (Map<String, Object>) o.result().get("summary");
        assertEquals(0L, num(summary, "truncatedContexts"), summary.toString());
        // the flame graph's stacks: one path for the 5,001-deep countdown, a handful for half a million evaluations
        List<String> stacks = java.nio.file.Files.readAllLines(out.resolve("method-time.collapsed"));
        assertEquals(1, stacks.stream().filter(l -> l.contains("countdown")).count(), String.join("\n", stacks));
        List<String> evals = stacks.stream().filter(l -> l.contains(".eval()")).toList();
        assertTrue(!evals.isEmpty() && evals.size() <= 12, String.join("\n", evals));
        for (String l : evals) {
            assertTrue(l.split(";").length <= 8, l);
        }

        // counted once: no method's inclusive time exceeds its thread's outermost frame's
        long threadRun = num(rows.get(MAIN + ".lambda$main$0([J)V"), "inclusiveNanos");
        for (String m : List.of(".countdown(I)I", ".isEven(I)Z", ".isOdd(I)Z", ".interpret()J", "$Inc.eval()J",
                "$Neg.eval()J")) {
            long incl = num(rows.get(MAIN + m), "inclusiveNanos");
            assertTrue(incl > 0 && incl <= threadRun, m + ": " + incl + " of the thread's " + threadRun);
            assertTrue(num(rows.get(MAIN + m), "exclusiveNanos") <= incl, m);
        }
        assertTrue(num(rows.get(MAIN + ".isOdd(I)Z"), "inclusiveNanos")
            <= num(rows.get(MAIN + ".isEven(I)Z"), "inclusiveNanos"), "isOdd runs within isEven");
        assertTrue(num(rows.get(MAIN + "$Inc.eval()J"), "inclusiveNanos") + num(rows.get(MAIN + "$Neg.eval()J"),
            "inclusiveNanos") <= 2 * num(rows.get(MAIN + ".interpret()J"), "inclusiveNanos"));
        assertTrue(o.stdout().startsWith("countdown 5000 even 1 interpreted "), o.stdout());
    }

    private static long num(Map<String, Object> row, String key) {
        if (row == null) {
            throw new AssertionError("no such row for " + key);
        }
        return ((Number) row.get(key)).longValue();
    }
}
