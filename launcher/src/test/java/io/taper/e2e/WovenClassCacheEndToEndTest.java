package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.protocol.CacheDirectories;
import io.taper.result.ResultKeys.Stats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The woven-class cache across real runs (launcher, server, agent, forked JVMs under {@code -Xverify:all}): a second
 * run is served from the first run's entries and counts exactly what the first counted; damaged entries are refused
 * and replaced, and the counts stay exact; another analysis does not share entries; {@code --cache off} has none.
 */
class WovenClassCacheEndToEndTest {

    @TempDir
    Path tmp;

    private TaperProcess.Outcome run(String name, String analysis, String cache) throws Exception {
        TaperProcess.Outcome run = TaperProcess.run(tmp.resolve(name), "run", "--quiet", "--analysis", analysis,
            // eager: the start-up classes' answers and the JDK rows the runs compare are all there at main
            "--mode", "fixed", "--startup-pass", "eager", "--cache", cache, "--out", tmp.resolve(name).toString(), "--",
            "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MethodCountEndToEndTest.MAIN);
        assertEquals(7, run.exitCode(), run.stderr());
        assertEquals(MethodCountEndToEndTest.OUTPUT, run.stdout());
        assertEquals(0.0, run.stats().get("classesFailed"));
        return run;
    }

    /**
     * The fixture's own methods' calls (method-time's exact completed calls in a fixed run): their counts are the
     * program's, the same in every run (the JDK's vary).
     */
    private static Map<String, Long> programCounts(TaperProcess.Outcome run) throws Exception {
        Map<String, Long> all = new java.util.TreeMap<>();
        for (Map<String, Object> r : run.rows()) {
            all.put(r.get("class") + "." + r.get("method") + r.get("descriptor"),
                ((Number) r.get("invocations")).longValue());
        }
        Map<String, Long> own = new java.util.TreeMap<>();
        all.forEach((k, v) -> {
            if (k.startsWith("io.taper.e2e.fixtures.")) {
                own.put(k, v);
            }
        });
        assertEquals(177L, own.get(MethodCountEndToEndTest.MAIN + ".fib(I)I"));
        assertEquals(4L, own.get("io.taper.e2e.fixtures.Isolated.work()V"));
        assertEquals(7L, all.get("java.lang.Character.isMirrored(I)Z"));
        return own;
    }

    @SuppressWarnings("unchecked")
    private static String serverArchive(TaperProcess.Outcome run) throws Exception {
        return (String) ((Map<String, Object>) run.result().get("launch")).get("serverClassArchive");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cacheStats(TaperProcess.Outcome run) throws Exception {
        return (Map<String, Object>) ((Map<String, Object>) run.stats().get("server")).get("cache");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> startupStats(TaperProcess.Outcome run) throws Exception {
        return (Map<String, Object>) ((Map<String, Object>) run.stats().get("server")).get("startup");
    }

    @SuppressWarnings("unchecked")
    private static long startupAnswer(TaperProcess.Outcome run, String key) throws Exception {
        return ((Number) ((Map<String, Object>) run.stats().get(Stats.STARTUP_ANSWERS)).get(key)).longValue();
    }

    private static long stat(TaperProcess.Outcome run, String key) throws Exception {
        return ((Number) cacheStats(run).get(key)).longValue();
    }

    @Test
    void aSecondRunIsServedFromTheCacheAndCountsTheSame() throws Exception {
        String cache = tmp.resolve("cache").toString();
        TaperProcess.Outcome first = run("first", "method-time", cache);
        Map<String, Long> counts = programCounts(first);
        assertEquals(0, stat(first, "hits"));
        long stored = stat(first, "stores");
        assertTrue(stored > 400, "entries written: " + cacheStats(first));

        // The server's class archive is the user's, not the run's cache's: the first server of this JDK and server
        // jar wrote it at exit (this run's or an earlier test's); the next server maps it.
        Path archives = CacheDirectories.classArchives(Path.of(cache));
        assertEquals(CacheDirectories.defaultWoven().resolve("cds"), archives);
        assertTrue(serverArchive(first).matches("(written at exit|mapped): " + java.util.regex.Pattern.quote(
            archives.toString()) + "/server-[0-9a-f]+\\.jsa"), serverArchive(first));
        Path archive = Path.of(serverArchive(first).replaceFirst("^[^/]*", ""));
        assertTrue(Files.isRegularFile(archive), archive.toString());
        assertFalse(Files.exists(Path.of(cache, "cds")), "nothing of the archives in the run's cache");

        Map<String, Object> firstStartup = startupStats(first);
        assertEquals(true, firstStartup.get("written"), "the start-up classes kept: " + firstStartup);
        assertEquals(0L, startupAnswer(first, Stats.STARTUP_ANSWERS_USED));

        TaperProcess.Outcome second = run("second", "method-time", cache);
        assertEquals(counts, programCounts(second));
        // the classes loaded before premain came woven ahead, from the first run's start-up classes
        long startupClasses = ((Number) second.stats().get("startupClasses")).longValue();
        long used = startupAnswer(second, Stats.STARTUP_ANSWERS_USED);
        assertTrue(used >= startupClasses * 9 / 10, used + " of " + startupClasses + " taken: " + startupStats(second));
        // a few classes come with other bytes in every run: refused (counted), they take a round trip
        assertTrue(startupAnswer(second, Stats.STARTUP_ANSWERS_MISMATCHED) <= startupClasses / 50,
            startupStats(second).toString());
        assertTrue(((Number) startupStats(second).get("sent")).longValue() >= used, startupStats(second).toString());
        assertEquals("mapped: " + archive, serverArchive(second));
        assertFalse(((Map<?, ?>) second.result().get("launch")).containsKey("serverProblem"), "server exited cleanly");
        String serverOut = Files.readString(tmp.resolve("second/work/server.stdout"))
            + Files.readString(tmp.resolve("second/work/server.stderr"));
        assertFalse(serverOut.contains("cds"), serverOut);
        // Classes arrive in another order in every run, and a few of them are made at run time with other bytes
        // (or got another answer about a field's finality): nearly all, not all, are hits.
        long hits = stat(second, "hits");
        assertTrue(hits >= stored * 9 / 10, "hits " + hits + " of " + stored + " entries: " + cacheStats(second));
        assertEquals(0, stat(second, "corruptEntries"));
        TaperProcess.Outcome told = TaperProcess.run(tmp.resolve("told"), "run", "--analysis", "method-time", "--mode", "fixed",
            "--cache", cache, "--out", tmp.resolve("told").toString(), "--", "-cp", TaperProcess.fixtureClassPath(),
            MethodCountEndToEndTest.MAIN);
        assertTrue(told.stderr().contains("[taper] woven-class cache: " + stat(told, "hits") + " classes served from it, "
            + stat(told, "misses") + " woven afresh (" + cache + ")\n"), told.stderr());
        @SuppressWarnings("unchecked")
        Map<String, Object> server = (Map<String, Object>) second.stats().get("server");
        assertTrue(String.valueOf(server.get("warmUpSkipped")).contains("cache"), "warm-up skipped: " + server);

        // a byte in every kilobyte of every pack flipped: those entries are refused, woven afresh, written again
        List<Path> packs;
        try (Stream<Path> s = Files.walk(tmp.resolve("cache"))) {
            packs = s.filter(p -> p.toString().endsWith(".pack")).toList();
        }
        for (Path p : packs) {
            byte[] b = Files.readAllBytes(p);
            for (int i = 512; i < b.length; i += 1024) {
                b[i] ^= 0x11;
            }
            Files.write(p, b);
        }
        TaperProcess.Outcome damaged = run("damaged", "method-time", cache);
        assertEquals(counts, programCounts(damaged));
        // entries are a few kilobytes (a few small ones escape the flips)
        assertTrue(stat(damaged, "corruptEntries") > stored / 2, "refused: " + cacheStats(damaged));
        // each refused entry's fresh weave is written again, or counted where it is not: a weave that came out
        // otherwise this time (a site inactive, a method that fell back) is not kept, and a writer behind drops
        long accounted = stat(damaged, "stores") + stat(damaged, "notStorable") + stat(damaged, "storesDropped")
            + stat(damaged, "storeFailures");
        assertTrue(accounted >= stat(damaged, "corruptEntries"), "written again: " + cacheStats(damaged));
        assertTrue(stat(damaged, "stores") >= stat(damaged, "corruptEntries") * 9 / 10, "nearly all written again: "
            + cacheStats(damaged));

        // another analysis has a space of its own
        TaperProcess.Outcome sfa = run("sfa", "sfa", cache);
        assertEquals(0, stat(sfa, "hits"));
        assertTrue(stat(sfa, "stores") > 400, "SFA entries: " + cacheStats(sfa));
    }

    @Test
    void cacheOffWeavesEverythingAfresh() throws Exception {
        TaperProcess.Outcome off = run("off", "method-time", "off");
        @SuppressWarnings("unchecked")
        Map<String, Object> server = (Map<String, Object>) off.stats().get("server");
        assertFalse(server.containsKey("cache"), "no cache: " + server);
        assertEquals("none", serverArchive(off));
        programCounts(off);
    }

    /** The fixture's own rows, each as its calls (method-count's entries, bytecode-count's invocations and bytecodes). */
    private static Map<String, String> ownRows(TaperProcess.Outcome run) throws Exception {
        Map<String, String> own = new java.util.TreeMap<>();
        for (Map<String, Object> r : run.rows()) {
            String name = r.get("class") + "." + r.get("method") + r.get("descriptor");
            if (name.startsWith("io.taper.e2e.fixtures.")) {
                own.put(name, r.containsKey("entries") ? Long.toString(((Number) r.get("entries")).longValue())
                    : ((Number) r.get("invocations")).longValue() + " " + ((Number) r.get("bytecodes")).longValue());
            }
        }
        return own;
    }

    @SuppressWarnings("unchecked")
    private static long transformStat(TaperProcess.Outcome run, String key) throws Exception {
        Map<String, Object> server = (Map<String, Object>) run.stats().get("server");
        return ((Number) ((Map<String, Object>) server.get("transform")).get(key)).longValue();
    }

    @Test
    void transformAnalysesTakeTheirClassesFromTheCacheAndCountTheSame() throws Exception {
        String cache = tmp.resolve("cache").toString();
        for (String analysis : List.of("method-count", "bytecode-count")) {
            TaperProcess.Outcome first = run(analysis + "-first", analysis, cache);
            Map<String, String> counts = ownRows(first);
            assertTrue(counts.get(MethodCountEndToEndTest.MAIN + ".fib(I)I").matches("177( .*)?"), counts.toString());
            assertEquals(0, stat(first, "hits"), analysis);
            long stored = stat(first, "stores");
            assertTrue(stored > 400, analysis + " entries written: " + cacheStats(first));

            TaperProcess.Outcome second = run(analysis + "-second", analysis, cache);
            assertEquals(counts, ownRows(second), analysis);
            // the start-up retransformation hands JDK classes over with their methods in another order in every run
            // (these transforms' keys take methods as a set), and a few classes are made at run time: nearly all are hits
            long hits = stat(second, "hits");
            assertTrue(hits >= stored * 9 / 10, analysis + ": hits " + hits + " of " + stored + ": " + cacheStats(second));
            assertEquals(hits, transformStat(second, "classesFromCache"), analysis);
            assertEquals(0, stat(second, "corruptEntries"), analysis);
        }
    }
}
