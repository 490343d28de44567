package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server's woven-class cache over the real protocol: a later server serves what an earlier one wove. */
class WovenClassCacheServerTest {

    @TempDir
    Path dir;

    @SuppressWarnings("unchecked")
    private Map<String, Object> serverStats() throws IOException {
        return new Gson().fromJson(Files.readString(dir.resolve("out/server-stats.json")), Map.class);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> cacheStats() throws IOException {
        return (Map<String, Object>) serverStats().get("cache");
    }

    @Test
    void aSecondServerServesTheFirstServersWeaveFromTheCache() throws IOException {
        TaperConfig config = TestAnalyses.config(dir).with(TaperConfig.CACHE, dir.resolve("cache").toString());
        Woven first;
        try (ServerFixture f = ServerFixture.start(dir, config); TestClient c = f.greetedClient()) {
            first = c.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes());
            assertEquals(WeaveStatus.WOVEN, first.status());
        }
        assertEquals(0.0, cacheStats().get("hits"));
        assertEquals(1.0, cacheStats().get("stores"));
        try (ServerFixture f = ServerFixture.start(dir, config); TestClient c = f.greetedClient()) {
            Woven second = c.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes());
            assertEquals(WeaveStatus.WOVEN, second.status());
            assertArrayEquals(first.bytes(), second.bytes());
            assertEquals(first.sites(), second.sites());
        }
        assertEquals(1.0, cacheStats().get("hits"));
        assertEquals(0.0, cacheStats().get("misses"));
    }

    @Test
    void aCacheThatCannotBeOpenedCostsTheCacheOnly() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        TaperConfig config = TestAnalyses.config(dir).with(TaperConfig.CACHE, notADirectory.toString());
        try (ServerFixture f = ServerFixture.start(dir, config); TestClient c = f.greetedClient()) {
            assertEquals(WeaveStatus.WOVEN, c.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes()).status());
        }
        assertTrue(String.valueOf(cacheStats().get("problem")).startsWith(notADirectory + ": "), cacheStats().toString());
        assertEquals(1.0, serverStats().get("woven"));
    }
}
