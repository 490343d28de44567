package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytecode counts end to end, in forked JVMs with {@code -Xverify:all}: every method of {@code BytecodeTargets} has
 * its executed bytecodes worked out by hand from javac's code (the fixture's comments list it block by block), in the
 * default block semantics and with {@code --precise}; four threads' counts are exact each; a thread-per-task program
 * keeps its counts exact while the tables of ended threads are let go.
 */
class BytecodeCountEndToEndTest {

    private static final String MAIN = "io.taper.e2e.fixtures.BytecodeTargets";
    private static final String CLASS = MAIN;
    private static final String WORKER = MAIN + "$Worker";

    @TempDir
    Path tmp;

    /** class#method#descriptor: {invocations, bytecodes, blocks}. */
    private static Map<String, List<Long>> expected(boolean precise) {
        Map<String, List<Long>> m = new HashMap<>();
        m.put(CLASS + "#<init>#(II)V", List.of(1L, 9L, precise ? 4L : 1L));
        m.put(CLASS + "#straight#()I", List.of(4001L, 8L * 4001, 1L));
        m.put(CLASS + "#loop#(I)I", List.of(1L, 4 + 3 * 11 + 6 * 10 + 2L, 4L));
        m.put(CLASS + "#branches#(I)I", List.of(3L, 4 + 7 + 7L, 5L));
        m.put(CLASS + "#fact#(I)I", List.of(6L, 5 * 10 + 5L, precise ? 4L : 3L));
        m.put(CLASS + "#choose#(I)I", List.of(4L, 4 * 4L, 5L));
        m.put(WORKER + "#run#()V", List.of(4L, 4 * (2 + 3 * 1001 + 4 * 1000 + 1L), precise ? 5L : 4L));
        m.put(WORKER + "#<init>#()V", List.of(4L, 4 * 3L, precise ? 2L : 1L));
        if (precise) {
            // a block ends after each instruction that may throw: the one left by the exception counts what ran
            m.put(CLASS + "#catchSame#(I)I", List.of(2L, 3 + 3 + (3 + 1L), 3L));
            m.put(CLASS + "#divide#(I)I", List.of(2L, 3 + 8L, 2L));
            m.put(CLASS + "#catchInCaller#(I)I", List.of(2L, 2 + 3 + 3L, 3L));
            m.put(CLASS + "#main#([Ljava/lang/String;)V", List.of(1L, 273L, 41L));
        } else {
            // a block left by an exception counts whole: catchSame(0)'s idiv block has 4, divide(0)'s 8
            m.put(CLASS + "#catchSame#(I)I", List.of(2L, 4 + 3 + 4L, 2L));
            m.put(CLASS + "#divide#(I)I", List.of(2L, 8 + 8L, 1L));
            m.put(CLASS + "#catchInCaller#(I)I", List.of(2L, 3 + 3 + 3L, 2L));
            m.put(CLASS + "#main#([Ljava/lang/String;)V", List.of(1L, 273L, 13L));
        }
        return m;
    }

    private TaperProcess.Outcome run(String name, String... extra) throws Exception {
        Path out = tmp.resolve(name);
        List<String> args = new ArrayList<>(List.of("run", "--analysis", "bytecode-count", "--mode", "fixed",
            "--out", out.toString()));
        args.addAll(List.of(extra));
        args.addAll(List.of("--", "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN));
        TaperProcess.Outcome o = TaperProcess.run(out, args.toArray(new String[0]));
        assertEquals(0, o.exitCode(), o.stderr());
        assertEquals("sum 838\n", o.stdout());
        assertEquals(0.0, o.stats().get("classesFailed"), o.stderr());
        return o;
    }

    private static Map<String, List<Long>> fixtureRows(TaperProcess.Outcome o) throws Exception {
        Map<String, List<Long>> got = new HashMap<>();
        for (Map<String, Object> r : o.rows()) {
            String cls = (String) r.get("class");
            if (cls.startsWith(MAIN)) {
                got.put(cls + "#" + r.get("method") + "#" + r.get("descriptor"), List.of(
                    ((Number) r.get("invocations")).longValue(), ((Number) r.get("bytecodes")).longValue(),
                    ((Number) r.get("blocks")).longValue()));
            }
        }
        return got;
    }

    @Test
    void countsEveryMethodAsWorkedOutByHand() throws Exception {
        TaperProcess.Outcome o = run("fixed");
        assertEquals(expected(false), fixtureRows(o));
        Map<String, Map<String, Number>> kinds = new HashMap<>();
        for (Map<String, Object> r : o.rows()) {
            if (MAIN.equals(r.get("class"))) {
                @SuppressWarnings("unchecked")
                Map<String, Number> k = (Map<String, Number>) r.get("perKind");
                kinds.put((String) r.get("method"), k);
            }
        }
        // straight(): iconst_1 istore_0 iconst_2 istore_1 iload_0 iload_1 iadd ireturn, 4,001 times
        assertEquals(Map.of("load", 2.0 * 4001, "store", 2.0 * 4001, "array", 0.0, "field", 0.0, "invoke", 0.0,
            "alloc", 0.0, "branch", 0.0, "other", 4.0 * 4001), kinds.get("straight"));
        // fact(6): five calls of 3 + 7 (loads 3, branch 1, invoke 1, other 5), one of 3 + 2 (load 1, branch 1, other 3)
        assertEquals(Map.of("load", 16.0, "store", 0.0, "array", 0.0, "field", 0.0, "invoke", 5.0,
            "alloc", 0.0, "branch", 6.0, "other", 28.0), kinds.get("fact"));
        // the constructor: aload_0 x3, iload_1, iload_2, invokespecial, putfield x2, return
        assertEquals(Map.of("load", 5.0, "store", 0.0, "array", 0.0, "field", 2.0, "invoke", 1.0,
            "alloc", 0.0, "branch", 0.0, "other", 1.0), kinds.get("<init>"));

        // each worker thread ran its run() (7,006) and 1,000 straight() (8,000), and nothing else
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> threads = (List<Map<String, Object>>) ((Map<String, Object>) o.result()
            .get("summary")).get("threads");
        int workers = 0;
        for (Map<String, Object> t : threads) {
            if (((String) t.get("thread")).startsWith("worker-")) {
                assertEquals(15_006.0, t.get("bytecodes"), t.toString());
                workers++;
            }
        }
        assertEquals(4, workers, threads.toString());
        assertTrue(o.stderr().contains("[taper] bytecode-count fixed: exit 0"), o.stderr());
    }

    @Test
    void countsPerCallingContextAsWorkedOutByHand() throws Exception {
        TaperProcess.Outcome o = run("contexts", "--contexts");
        assertEquals(expected(false), fixtureRows(o), "the contexts sum to the methods' counts");
        Path out = tmp.resolve("contexts");
        // the fixture's own paths: the collapsed line of every context whose frames are all the fixture's
        Map<String, Long> paths = new HashMap<>();
        for (String line : Files.readAllLines(out.resolve("bytecode-count.collapsed"))) {
            int space = line.lastIndexOf(' ');
            String[] frames = line.substring(0, space).split(";");
            boolean fixture = frames[0].matches("\\[thread (main|worker-\\d) #\\d+\\]");
            for (int i = 1; i < frames.length; i++) {
                fixture &= frames[i].startsWith("io.taper.e2e.fixtures.BytecodeTargets");
            }
            if (fixture && frames.length > 1) {
                String key = frames[0].replaceAll(" #\\d+", "") + ";"
                    + String.join(";", List.of(frames).subList(1, frames.length)).replace("io.taper.e2e.fixtures.", "");
                paths.merge(key, Long.parseLong(line.substring(space + 1)), Long::sum);
            }
        }
        Map<String, Long> expected = new HashMap<>();
        String main = "[thread main];BytecodeTargets.main(String[])";
        expected.put(main, 273L);
        expected.put(main + ";BytecodeTargets.straight()", 8L);
        expected.put(main + ";BytecodeTargets.loop(int)", 99L);
        expected.put(main + ";BytecodeTargets.branches(int)", 18L);
        expected.put(main + ";BytecodeTargets.catchSame(int)", 11L);
        // divide's exception is caught in its caller: divide's frame is closed by its handler, not left open
        expected.put(main + ";BytecodeTargets.catchInCaller(int)", 9L);
        expected.put(main + ";BytecodeTargets.catchInCaller(int);BytecodeTargets.divide(int)", 16L);
        String fact = main;
        for (int n = 6; n >= 1; n--) {
            fact += ";BytecodeTargets.fact(int)";
            expected.put(fact, n > 1 ? 10L : 5L);   // recursion: one context per depth
        }
        expected.put(main + ";BytecodeTargets.choose(int)", 16L);
        expected.put(main + ";BytecodeTargets.<init>(int,int)", 9L);
        expected.put(main + ";BytecodeTargets$Worker.<init>()", 12L);
        for (int t = 0; t < 4; t++) {
            expected.put("[thread worker-" + t + "];BytecodeTargets$Worker.run()", 7006L);
            expected.put("[thread worker-" + t + "];BytecodeTargets$Worker.run();BytecodeTargets.straight()", 8000L);
        }
        assertEquals(new java.util.TreeMap<>(expected), new java.util.TreeMap<>(paths));
        @SuppressWarnings("unchecked")
        Map<String, Object> contexts = (Map<String, Object>) ((Map<String, Object>) o.result().get("summary"))
            .get("contexts");
        assertEquals(0.0, contexts.get("unmatchedExits"), contexts.toString());
        assertEquals(0.0, contexts.get("discardedFrames"), contexts.toString());
        assertEquals(0.0, contexts.get("flattenedBytecodes"), contexts.toString());
        String html = Files.readString(out.resolve("bytecode-count-flamegraph.html"));
        assertTrue(html.contains("\"unit\":\"bytecodes\""), "the flame graph weighs bytecodes");
        assertTrue(o.stderr().contains("[taper] calling contexts: "), o.stderr());
    }

    @Test
    void contextsAreAnOptionOfBytecodeCountOnly() throws Exception {
        Path out = tmp.resolve("wrong");
        TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "method-count", "--contexts",
            "--out", out.toString(), "--", "-cp", TaperProcess.fixtureClassPath(), MAIN);
        assertEquals(2, o.exitCode(), o.stderr());
        assertTrue(o.stderr().contains("--contexts is an option of --analysis bytecode-count, not of method-count"),
            o.stderr());
    }

    @Test
    void preciseBlocksEndAfterInstructionsThatMayThrow() throws Exception {
        assertEquals(expected(true), fixtureRows(run("precise", "--precise")));
    }

    @Test
    void aThreadPerTaskProgramKeepsExactCountsWhileEndedThreadsAreLetGo() throws Exception {
        Path out = tmp.resolve("short");
        TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "bytecode-count", "--out", out.toString(),
            "--", "-cp", TaperProcess.fixtureClassPath(), "io.taper.e2e.fixtures.ShortThreads", "3000", "8");
        assertEquals(0, o.exitCode(), o.stderr());
        long step = -1;
        for (Map<String, Object> r : o.rows()) {
            if ("io.taper.e2e.fixtures.ShortThreads".equals(r.get("class")) && "step".equals(r.get("method"))) {
                step = ((Number) r.get("bytecodes")).longValue();
            }
        }
        // step(x): lload_0 ldc2_w lmul ldc2_w ladd lreturn, three times per task
        assertEquals(3000L * 3 * 6, step);
        @SuppressWarnings("unchecked")
        Map<String, Object> summary = (Map<String, Object>) o.result().get("summary");
        double exited = ((Number) summary.get("threadsExited")).doubleValue();
        assertTrue(exited >= 2000, summary.toString());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> threads = (List<Map<String, Object>>) summary.get("threads");
        assertTrue(threads.size() < 1000, "ended threads share one entry: " + threads.size());
    }
}
