package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import io.taper.protocol.SameClassFile;
import io.taper.protocol.StartupAnswers;
import io.taper.protocol.StartupFetch;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Start-up classes over the real protocol: a server keeps the bootstrap loader's classes of its agent's start-up pass,
 * the next server weaves them before its agent asks, and its answers are what a WEAVE of the same bytes gets.
 */
class StartupAnswersServerTest {

    private static final StartupFetch FETCH = new StartupFetch(64L << 20, 10_000);

    @TempDir
    Path dir;

    private TaperConfig config() throws IOException {
        return TestAnalyses.config(dir).with(TaperConfig.CACHE, dir.resolve("cache").toString())
            .with(TaperConfig.OBSERVED_JAVA_HOME, System.getProperty("java.home"));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> startupStats() throws IOException {
        Map<String, Object> stats = new Gson().fromJson(Files.readString(dir.resolve("out/server-stats.json")), Map.class);
        return (Map<String, Object>) stats.get("startup");
    }

    private static Weave startupWeave(int id, int loaderTag, String name, byte[] bytes) {
        return new Weave(id, loaderTag, name, true, new int[0], Map.of(), bytes, true);
    }

    private static StartupAnswers fetch(TestClient c) throws IOException {
        c.send(FETCH);
        return (StartupAnswers) c.receive();
    }

    @Test
    void theNextServerAnswersTheBootstrapClassesOfTheStartUpPassAhead() throws IOException {
        byte[] target = TestAnalyses.targetBytes();
        try (ServerFixture f = ServerFixture.start(dir, config()); TestClient c = f.greetedClient()) {
            assertEquals(List.of(), fetch(c).answers(), "nothing kept yet");
            c.send(startupWeave(1, 0, TestAnalyses.TARGET, target));
            assertEquals(WeaveStatus.WOVEN, ((Woven) c.receive()).status());
            // not kept: another loader's class, a class outside the pass, one with a site disabled
            c.send(startupWeave(2, 3, "app/Loaded", target));
            c.receive();
            c.send(new Weave(3, 0, "sample/Later", true, new int[0], Map.of(), target));
            c.receive();
            c.send(new Weave(4, 0, "sample/Disabled", true, new int[] {0}, Map.of(), target, true));
            c.receive();
        }
        Map<String, Object> first = startupStats();
        assertEquals(1.0, first.get("recorded"));
        assertEquals(true, first.get("written"));
        Path file = Path.of((String) first.get("file"));
        assertTrue(Files.isRegularFile(file), file.toString());

        try (ServerFixture f = ServerFixture.start(dir, config()); TestClient c = f.greetedClient()) {
            StartupAnswers lot = fetch(c);
            assertTrue(lot.complete(), "fewer classes than a lot: the fetch waited for all");
            List<StartupAnswers.Answer> answers = lot.answers();
            assertEquals(1, answers.size());
            StartupAnswers.Answer a = answers.get(0);
            assertEquals(TestAnalyses.TARGET, a.className());
            assertEquals(SameClassFile.fingerprint(target), a.fingerprint());
            assertEquals(WeaveStatus.WOVEN, a.answer().status());
            // the very answer a round trip with those bytes gets: same class file, same sites and ids
            c.send(startupWeave(7, 0, TestAnalyses.TARGET, target));
            Woven asked = (Woven) c.receive();
            assertArrayEquals(asked.bytes(), a.answer().bytes());
            assertEquals(asked.sites(), a.answer().sites());
            StartupAnswers again = fetch(c);
            assertEquals(List.of(), again.answers(), "answers are given once");
            assertTrue(again.complete());
        }
        Map<String, Object> second = startupStats();
        assertEquals(1.0, second.get("classesInFile"));
        assertEquals(1.0, second.get("wovenAhead"));
        assertEquals(1.0, second.get("sent"));
        assertEquals(false, second.get("written"), "nothing new to keep");
    }

    @Test
    void aDamagedFileIsIgnoredReportedAndReplaced() throws IOException {
        try (ServerFixture f = ServerFixture.start(dir, config()); TestClient c = f.greetedClient()) {
            c.send(startupWeave(1, 0, TestAnalyses.TARGET, TestAnalyses.targetBytes()));
            c.receive();
        }
        Path file = Path.of((String) startupStats().get("file"));
        byte[] b = Files.readAllBytes(file);
        b[b.length / 2] ^= 0x20;
        Files.write(file, b);
        try (ServerFixture f = ServerFixture.start(dir, config()); TestClient c = f.greetedClient()) {
            assertEquals(List.of(), fetch(c).answers());
            c.send(startupWeave(1, 0, TestAnalyses.TARGET, TestAnalyses.targetBytes()));
            assertEquals(WeaveStatus.WOVEN, ((Woven) c.receive()).status());
        }
        Map<String, Object> damaged = startupStats();
        assertEquals(file + ": checksum mismatch", damaged.get("problem"));
        assertEquals(true, damaged.get("written"), "replaced by this run's classes");
        try (ServerFixture f = ServerFixture.start(dir, config()); TestClient c = f.greetedClient()) {
            assertEquals(1, fetch(c).answers().size());
        }
    }

    @Test
    void anAnalysisThatSkipsTheBootstrapClassesGetsNoneWovenAhead() throws IOException {
        try (ServerFixture f = ServerFixture.start(dir, config()); TestClient c = f.greetedClient()) {
            c.send(startupWeave(1, 0, TestAnalyses.TARGET, TestAnalyses.targetBytes()));
            c.receive();
        }
        TaperConfig skipping = config().with(TaperConfig.CLASSES_SKIP, "bootstrap");
        try (ServerFixture f = ServerFixture.start(dir, skipping); TestClient c = f.greetedClient()) {
            StartupAnswers none = fetch(c);
            assertEquals(List.of(), none.answers());
            assertTrue(none.complete());
        }
        assertEquals(0.0, startupStats().get("classesInFile"));
    }

    @Test
    void withoutTheObservedJavaHomeNothingIsKept() throws IOException {
        TaperConfig config = TestAnalyses.config(dir).with(TaperConfig.CACHE, dir.resolve("cache").toString());
        try (ServerFixture f = ServerFixture.start(dir, config); TestClient c = f.greetedClient()) {
            c.send(startupWeave(1, 0, TestAnalyses.TARGET, TestAnalyses.targetBytes()));
            c.receive();
            assertEquals(List.of(), fetch(c).answers());
        }
        assertEquals(0.0, startupStats().get("recorded"));
        assertTrue(Files.notExists(dir.resolve("cache/startup")));
    }
}
