package io.taper.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.protocol.StartupAnswers;
import io.taper.protocol.StartupFetch;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Answers go out lot by lot as they are woven, each once, within the fetch's bytes. */
class StartupReplayTest {

    @TempDir
    Path dir;

    /** A weaver that weaves a class only when the test lets it, and answers with the class bytes doubled. */
    private static final class GatedHandler implements WeaveHandler {
        final Semaphore permits = new Semaphore(0);

        @Override
        public Outcome weave(Weave w) {
            permits.acquireUninterruptibly();
            if (w.className().endsWith("Bad")) {
                return new Outcome(WeaveStatus.FAILED, new byte[0], List.of(), "bad");
            }
            byte[] b = new byte[w.classBytes().length * 2];
            return new Outcome(WeaveStatus.WOVEN, b, List.of(), "");
        }
    }

    private StartupClasses kept(int n) throws IOException {
        Map<String, byte[]> classes = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            classes.put(String.format("p/C%03d", i), new byte[] {1, 2, 3, 4, 5});
        }
        classes.put("p/ZBad", new byte[] {9});
        Path file = dir.resolve("kept.classes");
        Files.write(file, StartupClasses.encode(classes));
        return new StartupClasses(file);
    }

    @Test
    void aFetchGetsTheAnswersWovenSinceTheLastOneOnceEach() throws Exception {
        GatedHandler h = new GatedHandler();
        StartupReplay r = StartupReplay.start(kept(300), h, new ServerStats(), 2);
        StartupFetch fetch = new StartupFetch(1 << 20, 10_000);
        h.permits.release(StartupReplay.LOT);
        StartupAnswers first = r.answers(fetch);
        assertEquals(StartupReplay.LOT, first.answers().size());
        assertFalse(first.complete());
        List<String> firstNames = first.answers().stream().map(StartupAnswers.Answer::className).toList();
        assertEquals(new java.util.ArrayList<>(new java.util.TreeSet<>(firstNames)), firstNames, "in the file's order");
        assertEquals(10, first.answers().get(0).answer().bytes().length);
        // nothing woven meanwhile: a fetch that may not wait gets nothing, and is not complete
        StartupAnswers none = r.answers(new StartupFetch(1 << 20, 0));
        assertEquals(0, none.answers().size());
        assertFalse(none.complete());
        h.permits.release(1000);
        List<String> rest = new java.util.ArrayList<>();
        for (StartupAnswers lot = null; lot == null || !lot.complete(); ) {
            lot = r.answers(fetch);
            assertTrue(lot.complete() || lot.answers().size() >= StartupReplay.LOT, "a lot, or the last");
            lot.answers().forEach(a -> rest.add(a.className()));
        }
        assertEquals(300 - StartupReplay.LOT, rest.size(), "each once; the failed class is left to the agent");
        // the two weaving threads take classes in order but may finish them out of it: the first lot is the first
        // 128 woven, not always C000..C127, and the rest is every other class
        java.util.Set<String> expected = new java.util.TreeSet<>();
        for (int i = 0; i < 300; i++) {
            expected.add(String.format("p/C%03d", i));
        }
        first.answers().forEach(a -> expected.remove(a.className()));
        assertEquals(expected, new java.util.TreeSet<>(rest));
        assertEquals(List.of(), r.answers(fetch).answers());
        Map<String, Object> stats = r.stats();
        assertEquals(301, stats.get("classesInFile"));
        assertEquals(300, stats.get("wovenAhead"));
        assertEquals(1, stats.get("failed"));
        assertEquals(300, stats.get("sent"));
    }

    @Test
    void theAnswersStopAtTheFetchesBytes() throws Exception {
        GatedHandler h = new GatedHandler();
        h.permits.release(1000);
        StartupReplay r = StartupReplay.start(kept(10), h, new ServerStats(), 1);
        // each answer: 10 bytes woven
        StartupAnswers lot = r.answers(new StartupFetch(46, 10_000));
        assertEquals(4, lot.answers().size());
        assertTrue(lot.complete(), "the fetch's bytes are used up: nothing more for it");
    }

    /** A weaver that counts the classes it is asked for. */
    private static final class CountingHandler implements WeaveHandler {
        final java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public Outcome weave(Weave w) {
            asked.incrementAndGet();
            return new Outcome(WeaveStatus.WOVEN, w.classBytes(), List.of(), "");
        }
    }

    @Test
    void aDeferredReplayWeavesNothingBeforeTheFirstFetch() throws Exception {
        CountingHandler h = new CountingHandler();
        StartupReplay r = StartupReplay.deferred(kept(20), h, new ServerStats(), 2, false);
        Thread.sleep(200);
        assertEquals(0, h.asked.get(), "a short program's pass never fetches: the server weaves nothing ahead");
        assertEquals("not", r.stats().get("begun"));
        List<String> names = new java.util.ArrayList<>();
        for (StartupAnswers lot = null; lot == null || !lot.complete(); ) {
            lot = r.answers(new StartupFetch(1 << 20, 10_000));
            lot.answers().forEach(a -> names.add(a.className()));
        }
        assertEquals(21, names.size(), "every kept class, the one that fails here too: " + names);
        assertEquals(21, h.asked.get());
        assertEquals(StartupReplay.BEGUN_AT_FETCH, r.stats().get("begun"));
        assertEquals(StartupReplay.BEGUN_AT_START,
            StartupReplay.start(kept(1), new CountingHandler(), new ServerStats(), 1).stats().get("begun"));
    }

    @Test
    void withoutKeptClassesAFetchIsCompleteAtOnce() throws IOException {
        StartupAnswers a = StartupReplay.start(null, new GatedHandler(), new ServerStats(), 2)
            .answers(new StartupFetch(1 << 20, 10_000));
        assertEquals(List.of(), a.answers());
        assertTrue(a.complete());
    }
}
