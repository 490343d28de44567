package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole pipeline (launcher, server, agent, weaver, runtime) on a program with known entry counts. */
class MethodCountEndToEndTest {

    static final String MAIN = "io.taper.e2e.fixtures.KnownCounts";
    static final String OUTPUT = "static init\nfib 55\ntotal 13 sum 12 mirrored 2\n";

    @TempDir
    Path tmp;

    @Test
    void fixedRunCountsEveryEntryExactly() throws Exception {
        TaperProcess.Outcome run = TaperProcess.run(tmp.resolve("fixed"), "run", "--analysis", "method-count",
                "--mode", "fixed", "--out", tmp.resolve("fixed").toString(), "--",
                "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN);
        assertEquals(7, run.exitCode(), run.stderr());
        assertEquals(OUTPUT, run.stdout());
        Map<String, Long> counts = counts(run.rows());
        String k = MAIN + ".";
        assertEquals(1L, counts.get(k + "<clinit>()V"));
        assertEquals(2L, counts.get(k + "<init>()V"));
        assertEquals(1L, counts.get(k + "main([Ljava/lang/String;)V"));
        assertEquals(3L, counts.get(k + "a()V"));
        assertEquals(5L, counts.get(k + "b(I)V"));
        assertEquals(177L, counts.get(k + "fib(I)I"));
        assertEquals(4L, counts.get(k + "lambda$main$0(I)I"));
        // a java.base class loaded before premain: retransformed at start-up
        assertEquals(7L, counts.get("java.lang.Character.isMirrored(I)Z"));
        // a class of a custom class loader
        assertEquals(4L, counts.get("io.taper.e2e.fixtures.Isolated.work()V"));
        assertEquals(1L, counts.get("io.taper.e2e.fixtures.Isolated.<init>()V"));
        assertNotEquals(loaderOf(run.rows(), MAIN), loaderOf(run.rows(), "io.taper.e2e.fixtures.Isolated"));
        assertEquals(0L, loaderOf(run.rows(), "java.lang.Character"));
        // the agent's own work on the program's threads (its round trips to the server as classes load) counts aside
        assertEquals(null, counts.get("sun.nio.ch.SocketChannelImpl.write(Ljava/nio/ByteBuffer;)I"),
            "the agent's socket writes are not the program's");

        Map<String, Object> stats = run.stats();
        assertEquals(0.0, stats.get("classesFailed"));
        assertEquals(0.0, stats.get("classesUntransformed"));
        assertTrue(((Number) stats.get("classesWoven")).intValue() > 400, "JDK start-up classes woven: " + stats);
        for (String own : List.of("io.taper.runtime.", "io.taper.agent.", "io.taper.controller.", "io.taper.analysis.")) {
            assertTrue(run.rows().stream().noneMatch(r -> String.valueOf(r.get("class")).startsWith(own)),
                    "Taper's own classes are never woven: " + own);
        }
    }

    @Test
    void backgroundPassLetsTheProgramStartAtOnceAndCountsItsOwnMethodsExactly() throws Exception {
        // the program most likely ends before the pass is done
        TaperProcess.Outcome run = TaperProcess.run(tmp.resolve("bg"), "run", "--analysis", "method-count",
                "--mode", "fixed", "--startup-pass", "background", "--out", tmp.resolve("bg").toString(), "--",
                "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN);
        assertEquals(7, run.exitCode(), run.stderr());
        assertEquals(OUTPUT, run.stdout());
        Map<String, Long> counts = counts(run.rows());
        String k = MAIN + ".";
        assertEquals(1L, counts.get(k + "main([Ljava/lang/String;)V"));
        assertEquals(177L, counts.get(k + "fib(I)I"));
        assertEquals(4L, counts.get("io.taper.e2e.fixtures.Isolated.work()V"));
        Map<String, Object> stats = run.stats();
        Map<?, ?> pass = (Map<?, ?>) stats.get("startupPass");
        assertEquals("background", pass.get("timing"));
        long classes = ((Number) stats.get("startupClasses")).longValue();
        long left = ((Number) pass.get("classesLeft")).longValue();
        assertTrue(classes > 300 && left >= 0 && left <= classes, pass + " of " + classes);
        // an end is reported only for a pass that reached every class (one that did may not have said so yet)
        assertTrue(((Number) pass.get("endMillis")).longValue() < 0 || left == 0, pass.toString());
        assertEquals(0.0, stats.get("classesFailed"));
        assertTrue(run.stderr().contains("[taper] start-up pass (background): "), run.stderr());
    }

    @Test
    void backgroundPassWeavesTheStartUpClassesWhileTheProgramRuns() throws Exception {
        Path out = tmp.resolve("after");
        TaperProcess.Outcome run = TaperProcess.run(out, "run", "--analysis", "method-count", "--mode", "fixed",
                "--startup-pass", "background", "--snapshot-interval", "100", "--out", out.toString(), "--",
                "-cp", TaperProcess.fixtureClassPath(), "io.taper.e2e.fixtures.AfterStartupPass", out.toString());
        assertEquals(0, run.exitCode(), run.stdout() + run.stderr());
        assertEquals("mirrored 6\n", run.stdout());
        // a class loaded before premain, woven by the pass while main waited: every call after that counts
        assertEquals(7L, counts(run.rows()).get("java.lang.Character.isMirrored(I)Z"));
        Map<?, ?> pass = (Map<?, ?>) run.stats().get("startupPass");
        assertEquals(0L, ((Number) pass.get("classesLeft")).longValue(), pass.toString());
        assertTrue(((Number) pass.get("endMillis")).longValue() >= 0, pass.toString());
    }

    @Test
    void baselineRunsTheSameProgramWithoutAgent() throws Exception {
        TaperProcess.Outcome run = TaperProcess.run(tmp.resolve("none"), "run", "--mode", "none",
                "--out", tmp.resolve("none").toString(), "--", "-cp", TaperProcess.fixtureClassPath(), MAIN);
        assertEquals(7, run.exitCode(), run.stderr());
        assertEquals(OUTPUT, run.stdout());
        assertEquals(List.of(), run.rows());
        assertEquals("none", run.result().get("mode"));
    }

    static Map<String, Long> counts(List<Map<String, Object>> rows) {
        Map<String, Long> m = new HashMap<>();
        for (Map<String, Object> r : rows) {
            m.merge(r.get("class") + "." + r.get("method") + r.get("descriptor"),
                    ((Number) r.get("entries")).longValue(), Long::sum);
        }
        return m;
    }

    static long loaderOf(List<Map<String, Object>> rows, String className) {
        return rows.stream().filter(r -> className.equals(r.get("class")))
                .map(r -> ((Number) r.get("loader")).longValue()).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + className));
    }
}
