package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.Gson;
import io.taper.protocol.SameClassFile;
import io.taper.protocol.StartupAnswers;
import io.taper.protocol.StartupFetch;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveAhead;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import io.taper.protocol.WovenAhead;
import io.taper.result.Mode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A controller batch woven ahead over the real protocol: an adaptive run's server keeps the bytes each agent sent for
 * a class with sites and answers WEAVE_AHEAD with what a WEAVE of those bytes and that deployment gets.
 */
class WeaveAheadServerTest {

    @TempDir
    Path dir;

    private static Weave ahead(int loaderTag, String name, int... disabled) {
        return new Weave(0, loaderTag, name, true, disabled, Map.of(), new byte[0]);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> aheadStats() throws IOException {
        Map<String, Object> stats = new Gson().fromJson(Files.readString(dir.resolve("out/server-stats.json")), Map.class);
        return (Map<String, Object>) stats.get("ahead");
    }

    @Test
    void answersTheKeptClassesOfTheAskingAgentAsAWeaveWould() throws IOException {
        byte[] target = TestAnalyses.targetBytes();
        TaperConfig config = TestAnalyses.config(dir).with(TaperConfig.MODE, Mode.ADAPTIVE.key());
        try (ServerFixture f = ServerFixture.start(dir, config); TestClient c = f.greetedClient();
             TestClient other = TestClient.greeted(f.socket(), ServerFixture.TOKEN, 999)) {
            c.send(new Weave(1, 3, TestAnalyses.TARGET, false, new int[0], Map.of(), target));
            Woven loaded = (Woven) c.receive();
            assertEquals(WeaveStatus.WOVEN, loaded.status());
            int site = loaded.sites().get(0).id();

            c.send(new WeaveAhead(5, List.of(ahead(3, TestAnalyses.TARGET, site), ahead(3, "sample/NeverSent"),
                ahead(4, TestAnalyses.TARGET))));
            WovenAhead back = (WovenAhead) c.receive();
            assertEquals(5, back.requestId());
            assertEquals(1, back.answers().size(), "only the class this agent sent with that loader");
            WovenAhead.Answer a = back.answers().get(0);
            assertEquals(3, a.loaderTag());
            assertEquals(TestAnalyses.TARGET, a.className());
            assertEquals(SameClassFile.fingerprint(target), a.fingerprint());

            c.send(new Weave(6, 3, TestAnalyses.TARGET, true, new int[] {site}, Map.of(), target));
            Woven asked = (Woven) c.receive();
            assertEquals(asked.status(), a.answer().status());
            assertArrayEquals(asked.bytes(), a.answer().bytes());
            assertEquals(asked.sites(), a.answer().sites());
            assertEquals(false, a.answer().sites().get(0).active(), "woven with the deployment asked for");

            other.send(new WeaveAhead(1, List.of(ahead(3, TestAnalyses.TARGET))));
            assertEquals(List.of(), ((WovenAhead) other.receive()).answers(), "another agent's classes are its own");
        }
        Map<String, Object> s = aheadStats();
        assertEquals(true, s.get("enabled"));
        assertEquals(1.0, s.get("keptClasses"));
        assertEquals((double) target.length, s.get("keptBytes"));
        assertEquals(2.0, s.get("requests"));
        assertEquals(4.0, s.get("classesAsked"));
        assertEquals(1.0, s.get("answered"));
        assertEquals(3.0, s.get("notKept"));
    }

    @Test
    void aStartUpAnswerTheAgentTookIsKeptToo() throws IOException {
        byte[] target = TestAnalyses.targetBytes();
        TaperConfig config = TestAnalyses.config(dir).with(TaperConfig.MODE, Mode.ADAPTIVE.key())
            .with(TaperConfig.CACHE, dir.resolve("cache").toString())
            .with(TaperConfig.OBSERVED_JAVA_HOME, System.getProperty("java.home"));
        try (ServerFixture f = ServerFixture.start(dir, config); TestClient c = f.greetedClient()) {
            c.send(new Weave(1, 0, TestAnalyses.TARGET, true, new int[0], Map.of(), target, true));
            assertEquals(WeaveStatus.WOVEN, ((Woven) c.receive()).status());
        }
        try (ServerFixture f = ServerFixture.start(dir, config); TestClient c = f.greetedClient()) {
            c.send(new WeaveAhead(1, List.of(ahead(0, TestAnalyses.TARGET))));
            assertEquals(List.of(), ((WovenAhead) c.receive()).answers(), "nothing given yet");
            c.send(new StartupFetch(64L << 20, 10_000));
            assertEquals(1, ((StartupAnswers) c.receive()).answers().size());
            c.send(new WeaveAhead(2, List.of(ahead(0, TestAnalyses.TARGET))));
            List<WovenAhead.Answer> answers = ((WovenAhead) c.receive()).answers();
            assertEquals(1, answers.size());
            assertEquals(SameClassFile.fingerprint(target), answers.get(0).fingerprint());
        }
    }

    @Test
    void outsideAdaptiveRunsNothingIsKept() throws IOException {
        try (ServerFixture f = ServerFixture.start(dir, TestAnalyses.config(dir)); TestClient c = f.greetedClient()) {
            c.send(new Weave(1, 0, TestAnalyses.TARGET, false, new int[0], Map.of(), TestAnalyses.targetBytes()));
            assertEquals(WeaveStatus.WOVEN, ((Woven) c.receive()).status());
            c.send(new WeaveAhead(2, List.of(ahead(0, TestAnalyses.TARGET))));
            assertEquals(List.of(), ((WovenAhead) c.receive()).answers());
        }
        Map<String, Object> s = aheadStats();
        assertEquals(false, s.get("enabled"));
        assertEquals(0.0, s.get("keptClasses"));
        assertEquals(1.0, s.get("notKept"));
    }
}
