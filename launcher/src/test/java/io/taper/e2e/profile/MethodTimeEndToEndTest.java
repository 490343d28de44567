package io.taper.e2e.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import io.taper.e2e.TaperProcess;
import io.taper.e2e.profile.fixtures.KnownCosts;
import io.taper.launcher.profile.MethodTimeReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The method-time analysis through the real launcher, server and agent ({@code -Xverify:all}) on
 * {@link KnownCosts}: fixed instrumentation counts every call exactly and orders the heavy methods;
 * adaptive mode removes the cheap hot method and keeps the expensive ones, however it removes them: by
 * re-weaving a class at most once, by switching sites off (the default: no class is re-woven) or by
 * re-weaving at every removal (the woven bytes lose the calls); {@code profile-accuracy} compares a result
 * with a JFR recording of the same program.
 */
class MethodTimeEndToEndTest {

    static final String MAIN = KnownCosts.class.getName();
    static final String K = MAIN + ".";
    static final String UNIT = "500";     // microseconds: light 20 ms in all, medium 80, brief 80, heavy 160, costly 320
    static final String OUTPUT = "cheap 1199760\nfib 6765\ncaught 5\n";
    static final String SNIPPETS = "io/taper/analysis/methodtime/MethodTimeSnippets";
    /**
     * Adaptive policy of the test: every 100 ms, methods with at least 50 calls and a mean below 0.5 ms, at
     * once (no pacing: brief is called too seldom to count as hot, and would wait for a round), and removed
     * methods sampled every 2 ms by stacks (the program runs about a second: the Flight Recorder would deliver its
     * first samples about then; {@link JfrSamplerEndToEndTest} runs it longer).
     */
    static final String CONTROLLER = "method-time:period-ms=100,min-calls=50,max-mean-ms=0.5,max-defer-ms=0,sample-ms=2,"
            + "sampler=stacks";
    /**
     * The same policy, removing by re-weaving a class at its first removal, by switching sites off (the default), and
     * by re-weaving at every removal.
     */
    static final String ONCE = CONTROLLER + ",how=once";
    static final String SWITCHING = CONTROLLER + ",how=switch";
    static final String REWEAVING = CONTROLLER + ",how=retransform";

    @TempDir
    static Path tmp;
    static TaperProcess.Outcome fixed;
    static TaperProcess.Outcome adaptive;
    static TaperProcess.Outcome switched;
    static TaperProcess.Outcome rewoven;

    /** One fixed run and three adaptive ones, one per way of removing, shared by the tests (each takes seconds). */
    @BeforeAll
    static void runFixedAndAdaptive() throws Exception {
        fixed = run("fixed", List.of("--mode", "fixed"));
        adaptive = run("adaptive", List.of("--mode", "adaptive", "--controller", ONCE,
                "--dump", tmp.resolve("once-dump").toString()));
        // --reweave never: what switching alone does (the cost model may re-weave a hot class that paid for it)
        switched = run("switched", List.of("--mode", "adaptive", "--controller", SWITCHING, "--reweave", "never",
                "--dump", tmp.resolve("switched-dump").toString()));
        rewoven = run("rewoven", List.of("--mode", "adaptive", "--controller", REWEAVING,
                "--dump", tmp.resolve("dump").toString()));
    }

    static TaperProcess.Outcome run(String name, List<String> options) throws Exception {
        // eager: what the controller removes when, and what the samples find, are timed against the whole run, with
        // no start-up pass beside the program (method-time's default)
        List<String> cli = new ArrayList<>(List.of("run", "--analysis", "method-time", "--startup-pass", "eager",
                "--out", tmp.resolve(name).toString()));
        cli.addAll(options);
        cli.addAll(List.of("--", "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN, UNIT));
        return TaperProcess.run(tmp.resolve(name), cli.toArray(new String[0]));
    }

    @Test
    void fixedRunCountsEveryCallExactly() throws Exception {
        assertEquals(0, fixed.exitCode(), fixed.stderr());
        assertEquals(OUTPUT, fixed.stdout());
        Map<String, Map<String, Object>> rows = rowsByMethod(fixed);
        assertEquals(1, calls(rows, "main([Ljava/lang/String;)V"));
        for (String m : List.of("heavy(J)V", "medium(J)V", "light(J)V", "work(J)J")) {
            assertEquals(KnownCosts.ROUNDS, calls(rows, m), m);
        }
        assertEquals(KnownCosts.ROUNDS * KnownCosts.COSTLY_PER_ROUND, calls(rows, "costly(J)V"));
        assertEquals(KnownCosts.ROUNDS * KnownCosts.CHEAP_PER_ROUND, calls(rows, "cheap(I)I"));
        assertEquals(KnownCosts.ROUNDS * KnownCosts.BRIEF_PER_ROUND, calls(rows, "brief(J)V"));
        assertEquals(21_891, calls(rows, "fib(I)I"));                  // 2 * fib(21) - 1 calls for fib(20)
        assertEquals(10, calls(rows, "relay(I)V"));                     // 5 of them left by an exception
        assertEquals(10, calls(rows, "thrower(I)V"));
        Map<String, Object> forever = rows.get(MAIN + "$Forever.run()V");
        assertEquals(0L, num(forever, "invocations"), "the thread never returns");
        assertEquals(1L, num(forever, "openFrames"));
        assertTrue(num(forever, "inclusiveNanos") > 0);
        assertTrue(num(rows.get(MAIN + "$Forever.tick()V"), "invocations") > 0, "its callee returns");

        for (Map<String, Object> r : rows.values()) {
            assertTrue(num(r, "inclusiveNanos") >= num(r, "exclusiveNanos"), "inclusive >= exclusive: " + r);
            assertEquals(false, r.get("removed"), "fixed mode removes nothing: " + r);
        }
        Map<String, Object> summary = summary(fixed);
        assertEquals(0L, num(summary, "unmatchedExits"));
        assertEquals(0L, num(summary, "discardedFrames"));
        assertEquals(0L, num(summary, "removedMethods"));
    }

    @Test
    void fixedRunOrdersTheHeavyMethodsAndAttributesTimeToCallers() throws Exception {
        Map<String, Map<String, Object>> rows = rowsByMethod(fixed);
        long costly = incl(rows, "costly(J)V");
        long heavy = incl(rows, "heavy(J)V");
        long medium = incl(rows, "medium(J)V");
        long light = incl(rows, "light(J)V");
        assertTrue(costly > heavy && heavy > medium && medium > light,
                "costly 320 ms, heavy 160, medium 80, light 20: " + costly + " " + heavy + " " + medium + " " + light);
        assertTrue(incl(rows, "main([Ljava/lang/String;)V") >= costly + heavy + medium + light);
        // heavy's loop is its callee work(): heavy's own time is small, work's is all of it
        assertTrue(num(rows.get(K + "heavy(J)V"), "exclusiveNanos") < num(rows.get(K + "work(J)J"), "exclusiveNanos"));

        Map<Long, String> names = new HashMap<>();
        for (Map.Entry<String, Map<String, Object>> e : rows.entrySet()) {
            names.put(num(e.getValue(), "id"), e.getKey());
        }
        assertEquals(Map.of(K + "main([Ljava/lang/String;)V", 1L, K + "fib(I)I", 21_890L),
                callers(rows.get(K + "fib(I)I"), names, "calls"));
        assertEquals(Map.of(K + "main([Ljava/lang/String;)V", 10L), callers(rows.get(K + "relay(I)V"), names, "calls"));
        assertEquals(Map.of(K + "relay(I)V", 10L), callers(rows.get(K + "thrower(I)V"), names, "calls"));
        assertEquals(Map.of(K + "heavy(J)V", 40L), callers(rows.get(K + "work(J)J"), names, "calls"));
        // a method's time is attributed to its callers: the edges' nanos add up to its inclusive time
        for (String m : List.of("fib(I)I", "costly(J)V", "work(J)J")) {
            long sum = callers(rows.get(K + m), names, "nanos").values().stream().mapToLong(Long::longValue).sum();
            assertEquals(incl(rows, m), sum, m);
        }
    }

    @Test
    void fixedRunPrintsTheTopTableAndWritesTheCallTree() throws Exception {
        assertTrue(fixed.stderr().contains("[taper] method-time fixed: top 30 of "), fixed.stderr());
        assertTrue(fixed.stderr().contains(K + "costly(long)"), fixed.stderr());
        Path out = fixed.out();
        String collapsed = Files.readString(out.resolve(MethodTimeReport.COLLAPSED));
        assertTrue(collapsed.contains(K + "main(String[]);" + K + "costly(long) "), "collapsed stacks");
        assertTrue(collapsed.contains(K + "main(String[]);" + K + "heavy(long);" + K + "work(long) "));
        String html = Files.readString(out.resolve(MethodTimeReport.FLAME_GRAPH));
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.contains(K + "costly(long)"));
    }

    @Test
    void adaptiveRemovesTheCheapHotMethodAndKeepsTheExpensiveOnes() throws Exception {
        removesTheCheapHotMethodAndKeepsTheExpensiveOnes(adaptive, ONCE);
    }

    @Test
    void adaptiveBySwitchingOrReweavingRemovesTheSameMethods() throws Exception {
        removesTheCheapHotMethodAndKeepsTheExpensiveOnes(switched, SWITCHING);
        removesTheCheapHotMethodAndKeepsTheExpensiveOnes(rewoven, REWEAVING);
        assertEquals(removedFixtureMethods(adaptive), removedFixtureMethods(switched), "switching vs once");
        assertEquals(removedFixtureMethods(adaptive), removedFixtureMethods(rewoven), "re-weaving vs once");
        assertEquals(Set.of(K + "brief(J)V", K + "cheap(I)I"), removedFixtureMethods(switched));
    }

    /**
     * The fixture's methods whose fate the policy decides whatever the timing (not {@code fib}, which runs once at
     * the start and goes only if a step falls inside it) that a run removed, as {@code Class.method(descriptor)}.
     */
    static Set<String> removedFixtureMethods(TaperProcess.Outcome run) throws Exception {
        Set<String> removed = new TreeSet<>();
        Map<String, Map<String, Object>> rows = rowsByMethod(run);
        for (String m : List.of("cheap(I)I", "brief(J)V", "costly(J)V", "heavy(J)V", "medium(J)V", "light(J)V")) {
            if (Boolean.TRUE.equals(rows.get(K + m).get("removed"))) {
                removed.add(K + m);
            }
        }
        return removed;
    }

    static void removesTheCheapHotMethodAndKeepsTheExpensiveOnes(TaperProcess.Outcome adaptive, String spec)
            throws Exception {
        assertEquals(0, adaptive.exitCode(), adaptive.stderr());
        assertEquals(OUTPUT, adaptive.stdout());
        Map<String, Map<String, Object>> rows = rowsByMethod(adaptive);
        Map<String, Object> cheap = rows.get(K + "cheap(I)I");
        assertEquals(true, cheap.get("removed"), "cheap: " + cheap);
        long cheapCalls = num(cheap, "invocations");
        assertTrue(cheapCalls >= 50 && cheapCalls < KnownCosts.ROUNDS * KnownCosts.CHEAP_PER_ROUND,
                "counted until removed, then no more: " + cheapCalls);
        assertTrue(num(cheap, "removedAtMillis") >= 0);
        assertEquals(true, rows.get(K + "brief(J)V").get("removed"), "a mean of a tenth of a millisecond");
        Map<String, Object> costly = rows.get(K + "costly(J)V");
        assertEquals(false, costly.get("removed"), "expensive: " + costly);
        assertEquals(KnownCosts.ROUNDS * KnownCosts.COSTLY_PER_ROUND, num(costly, "invocations"));
        for (String m : List.of("heavy(J)V", "medium(J)V", "light(J)V")) {
            assertEquals(false, rows.get(K + m).get("removed"), m + ": fewer calls than the threshold");
            assertEquals(KnownCosts.ROUNDS, calls(rows, m), m);
        }
        assertTrue(num(summary(adaptive), "removedMethods") > 0);
        assertEquals(0L, num(summary(adaptive), "unmatchedExits"));
        @SuppressWarnings("unchecked")
        Map<String, Object> controller = (Map<String, Object>) adaptive.stats().get("controller");
        assertEquals(spec, controller.get("strategy"));
        assertTrue(adaptive.stderr().matches("(?s).*top 30 of \\d+ methods by running time \\([1-9]\\d* removed by the controller\\).*"),
                adaptive.stderr());
    }

    @Test
    void onceReweavesTheFixturesClassOnce() throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> controller = (Map<String, Object>) adaptive.stats().get("controller");
        assertTrue(num(controller, "passes") >= 1, controller.toString());
        Path dump = tmp.resolve("once-dump").resolve(MAIN.replace('.', '/'));
        assertTrue(Files.exists(Path.of(dump + ".woven.2.class")), "loaded, then re-woven for cheap's removal");
        assertFalse(Files.exists(Path.of(dump + ".woven.3.class")), "and not again, whatever turned cheap later");
        // the methods removed at the first removal left with that re-weaving; those removed later were switched off
        Map<String, List<String>> calls = staticCalls(Path.of(dump + ".woven.class"));
        long first = Long.MAX_VALUE;
        for (Map<String, Object> r : adaptive.rows()) {
            if (MAIN.equals(r.get("class")) && Boolean.TRUE.equals(r.get("removed"))) {
                first = Math.min(first, num(r, "removedAtMillis"));
            }
        }
        int rewoven = 0;
        for (Map<String, Object> r : adaptive.rows()) {
            if (MAIN.equals(r.get("class")) && Boolean.TRUE.equals(r.get("removed"))) {
                List<String> snippets = snippetCalls(calls.get((String) r.get("method")));
                if (num(r, "removedAtMillis") == first) {
                    assertEquals(List.of(), snippets, r.get("method") + " went with the re-weaving");
                    rewoven++;
                } else {
                    assertEquals(3, snippets.size(), r.get("method") + " was switched off: " + snippets);
                }
            }
        }
        assertTrue(rewoven >= 1);
    }

    @Test
    void switchingSitesOffReweavesNoClass() throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> controller = (Map<String, Object>) switched.stats().get("controller");
        // cheap and brief at least: an entry and two exits (normal and exceptional) each
        assertTrue(num(controller, "sitesSwitchedOff") >= 6, "switched off: " + controller);
        assertEquals(0L, num(controller, "passes"), "no retransformation: " + controller);
        Path woven = tmp.resolve("switched-dump").resolve(MAIN.replace('.', '/') + ".woven.class");
        assertEquals(List.of(SNIPPETS + ".onEntry", SNIPPETS + ".onExit", SNIPPETS + ".onExit"),
                snippetCalls(staticCalls(woven).get("cheap")), "cheap's sites stay in its woven bytes");
        assertFalse(Files.exists(tmp.resolve("switched-dump").resolve(MAIN.replace('.', '/') + ".woven.2.class")),
                "woven once");

        @SuppressWarnings("unchecked")
        Map<String, Object> rewovenController = (Map<String, Object>) rewoven.stats().get("controller");
        assertEquals(0L, num(rewovenController, "sitesSwitchedOff"), "re-weaving switches nothing: " + rewovenController);
        assertTrue(num(rewovenController, "passes") >= 1, rewovenController.toString());
    }

    @Test
    void adaptiveEstimatesTheRemovedMethodsTimeFromSamples() throws Exception {
        Map<String, Map<String, Object>> rows = rowsByMethod(adaptive);
        // brief spins 80 ms in all, a tenth of a millisecond a call: the fixed run's time is nearly all its own,
        // and the samples taken after its removal must find the rest of it
        Map<String, Object> brief = rows.get(K + "brief(J)V");
        long measured = num(brief, "inclusiveNanos");
        long estimated = num(brief, "estimatedInclusiveNanos");
        long fixedBrief = incl(rowsByMethod(fixed), "brief(J)V");
        // removed after a few rounds, or later on a busy machine, but before the end: the samples found the rest
        assertTrue(measured < fixedBrief && estimated > measured,
                "measured " + measured + " of " + fixedBrief + ", estimated " + estimated);
        // the estimate rests on a few dozen samples (80 ms at the sampler's period), each credited with its thread's
        // CPU time rather than the wall clock, so a loaded machine's waits for a core do not inflate it; a lost or
        // flattened estimate falls far outside the bounds
        assertTrue(estimated > fixedBrief / 2 && estimated < fixedBrief * 2,
                "estimated " + estimated + " within 0.5x .. 2x of the fixed run's " + fixedBrief);
        // cheap is a few instructions the JIT inlines into main's loop: what it costs is the instrumentation,
        // so the samples need not see it, and its estimate is what was measured, or little more
        long cheap = num(rows.get(K + "cheap(I)I"), "estimatedInclusiveNanos");
        assertTrue(cheap >= num(rows.get(K + "cheap(I)I"), "inclusiveNanos"));
        assertTrue(cheap < incl(rowsByMethod(fixed), "cheap(I)I") * 2, "cheap " + cheap);
        for (Map<String, Object> r : rows.values()) {
            if (Boolean.FALSE.equals(r.get("removed"))) {
                assertEquals(num(r, "inclusiveNanos"), num(r, "estimatedInclusiveNanos"), "not removed: " + r);
            }
        }
        long costly = num(rows.get(K + "costly(J)V"), "estimatedInclusiveNanos");
        long heavy = num(rows.get(K + "heavy(J)V"), "estimatedInclusiveNanos");
        long medium = num(rows.get(K + "medium(J)V"), "estimatedInclusiveNanos");
        long light = num(rows.get(K + "light(J)V"), "estimatedInclusiveNanos");
        assertTrue(costly > heavy && heavy > medium && medium > light,
                "costly 320 ms, heavy 160, medium 80, light 20: " + costly + " " + heavy + " " + medium + " " + light);

        @SuppressWarnings("unchecked")
        Map<String, Object> estimate = (Map<String, Object>) summary(adaptive).get("estimate");
        assertEquals("samples", estimate.get("from"));
        assertTrue(num(estimate, "extrapolatedMethods") >= 1 && num(estimate, "addedNanos") > 0, "summary: " + estimate);
        @SuppressWarnings("unchecked")
        Map<String, Object> controller = (Map<String, Object>) adaptive.stats().get("controller");
        @SuppressWarnings("unchecked")
        Map<String, Object> sampler = (Map<String, Object>) controller.get("strategyStats");
        assertEquals("stacks", sampler.get("sampler"), sampler.toString());
        // a sample every 2 ms at most: the sampler backs off to keep its own cost under a tenth of the wall time,
        // and under -Xverify:all on a loaded machine a cold sample takes milliseconds, so how many it takes in the
        // second the program runs depends on the machine (38 to a few hundred); the bounds above judge the estimate
        assertTrue(num(sampler, "samples") >= 12 && num(sampler, "sampledMethods") >= 2
                && num(sampler, "sampledThreadStacks") >= 1 && num(sampler, "baselineSteps") == 0,
                "the sampler's counters, and no baselines while sampling: " + sampler);
        // the top-30 table marks a removed method's estimate; whether brief ranks in it depends on how long
        // the JDK's own start-up took (lambda linking ranks about as high), so its rank decides what to expect
        List<Long> ranked = new ArrayList<>();
        for (Map<String, Object> r : rows.values()) {
            ranked.add(num(r, "estimatedInclusiveNanos"));
        }
        ranked.sort(java.util.Comparator.reverseOrder());
        int rank = ranked.indexOf(estimated) + 1;
        if (rank <= 25) {
            assertTrue(adaptive.stderr().matches(
                    "(?s).*KnownCosts\\.brief\\(long\\) \\[removed at \\d+ ms, inclusive time estimated].*"),
                    rank + ": " + adaptive.stderr());
        } else if (rank > 35) {
            assertFalse(adaptive.stderr().contains("KnownCosts.brief(long)"), rank + ": " + adaptive.stderr());
        }
    }

    @Test
    void reweavingWovenBytesLackTheRemovedMethodsCalls() throws Exception {
        Path woven = tmp.resolve("dump").resolve(MAIN.replace('.', '/') + ".woven.class");
        assertTrue(Files.isRegularFile(woven), "the server dumped " + woven);
        Map<String, List<String>> calls = staticCalls(woven);
        assertEquals(List.of(), snippetCalls(calls.get("cheap")), "cheap's entry and exit sites are gone");
        assertEquals(List.of(SNIPPETS + ".onEntry", SNIPPETS + ".onExit", SNIPPETS + ".onExit"),
                snippetCalls(calls.get("costly")), "costly keeps entry, normal exit and exceptional exit");
        Path first = tmp.resolve("dump").resolve(MAIN.replace('.', '/') + ".woven.1.class");
        assertFalse(snippetCalls(staticCalls(first).get("cheap")).isEmpty(), "cheap was instrumented at first");
    }

    @Test
    void profileAccuracyComparesBothResultsWithARecording() throws Exception {
        Path jfr = tmp.resolve("base.jfr");
        TaperProcess.Outcome base = TaperProcess.run(tmp.resolve("base"), "run", "--mode", "none", "--jfr",
                jfr.toString(), "--out", tmp.resolve("base").toString(), "--", "-cp", TaperProcess.fixtureClassPath(),
                MAIN, UNIT);
        assertEquals(0, base.exitCode(), base.stderr());
        assertTrue(base.stdout().endsWith(OUTPUT), base.stdout());     // after JFR's start-up lines
        PrintStream stdout = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = io.taper.launcher.TaperCli.execute("profile-accuracy", "--jfr", jfr.toString(), "--json",
                    fixed.out().resolve("result.json").toString(),
                    adaptive.out().resolve("result.json").toString());
        } finally {
            System.setOut(stdout);
        }
        assertEquals(0, exit);
        @SuppressWarnings("unchecked")
        Map<String, Object> json = new Gson().fromJson(bytes.toString(StandardCharsets.UTF_8), Map.class);
        assertTrue(((Number) json.get("samples")).longValue() > 0, "execution samples: " + json);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> results = (List<Map<String, Object>>) json.get("results");
        assertEquals(List.of("fixed", "adaptive"), List.of(results.get(0).get("mode"), results.get(1).get("mode")));
        double ranked = ((Number) json.get("methods")).doubleValue();
        for (Map<String, Object> r : results) {
            assertEquals(Math.min(16, ranked), r.get("compared"), "the recording's top 16 or all it ranks: " + r);
            double match = (Double) r.get("match");
            assertTrue(match >= 1 && match <= 16, r.toString());
            assertEquals((Double) r.get("sad") / (Double) r.get("compared"), (Double) r.get("mad"), 1e-9);
            @SuppressWarnings("unchecked")
            Map<String, Object> first = ((List<Map<String, Object>>) r.get("methods")).get(0);
            // main is under every sample of the busy thread; the profiles rank it at the top too (the sleeping
            // thread that never returns may come first: its wall time is not CPU time)
            assertEquals(K + "main([Ljava/lang/String;)V", first.get("method"));
            assertEquals(1.0, first.get("jfrRank"));
            double rank = (Double) first.get("rank");
            assertTrue(rank >= 1 && rank <= 3, "main ranks " + rank + " in " + r.get("mode"));
        }
    }

    // ---- helpers

    /** Rows by {@code class.method+descriptor}; the fixture's methods have one loader, so one row each. */
    static Map<String, Map<String, Object>> rowsByMethod(TaperProcess.Outcome run) throws Exception {
        Map<String, Map<String, Object>> byMethod = new HashMap<>();
        for (Map<String, Object> r : run.rows()) {
            String key = r.get("class") + "." + r.get("method") + r.get("descriptor");
            if (byMethod.put(key, r) != null && key.startsWith(MAIN)) {
                throw new AssertionError("two rows for " + key);
            }
        }
        return byMethod;
    }

    static long calls(Map<String, Map<String, Object>> rows, String method) {
        String key = K + method;
        Map<String, Object> r = rows.get(key);
        assertNotNull(r, "no row for " + key);
        return num(r, "invocations");
    }

    static long incl(Map<String, Map<String, Object>> rows, String method) {
        return num(rows.get(K + method), "inclusiveNanos");
    }

    static long num(Map<String, Object> m, String key) {
        Object v = m.get(key);
        assertNotNull(v, key + " in " + m);
        return ((Number) v).longValue();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> summary(TaperProcess.Outcome run) throws Exception {
        return (Map<String, Object>) run.result().get("summary");
    }

    /** Caller name to the edge's {@code calls} or {@code nanos}. */
    @SuppressWarnings("unchecked")
    static Map<String, Long> callers(Map<String, Object> row, Map<Long, String> names, String what) {
        Map<String, Long> m = new HashMap<>();
        for (Map<String, Object> e : (List<Map<String, Object>>) row.get("callers")) {
            long caller = num(e, "caller");
            m.put(caller < 0 ? "caller" + caller : names.get(caller), num(e, what));
        }
        return m;
    }

    static List<String> snippetCalls(List<String> calls) {
        assertNotNull(calls, "method not in the class file");
        return calls.stream().filter(c -> c.startsWith(SNIPPETS + ".")).toList();
    }

    static Map<String, List<String>> staticCalls(Path classFile) throws IOException {
        return io.taper.e2e.WovenClassFiles.staticCalls(classFile);
    }
}
