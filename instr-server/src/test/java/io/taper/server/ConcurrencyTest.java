package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.protocol.ErrorMessage;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Many agents' connections at once, with misbehaving peers among them. */
class ConcurrencyTest {

    static final int THREADS = 8;
    static final int WEAVES = 50;

    @TempDir
    Path dir;

    @Test
    void eightConnectionsTimesFiftyWeavesAreAllAnsweredCorrectlyBesideGarbage() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, TestAnalyses.config(dir))) {
            byte[] reference;
            try (TestClient c = f.greetedClient()) {
                reference = c.weave(0, TestAnalyses.TARGET, TestAnalyses.targetBytes()).bytes();
            }
            ExecutorService pool = Executors.newFixedThreadPool(THREADS + 2);
            List<Future<Integer>> good = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                good.add(pool.submit(() -> {
                    int ok = 0;
                    try (TestClient c = f.greetedClient()) {
                        for (int i = 0; i < WEAVES; i++) {
                            int id = thread * 1000 + i;
                            Woven w = c.weave(id, TestAnalyses.TARGET, TestAnalyses.targetBytes());
                            assertEquals(id, w.requestId());
                            assertEquals(WeaveStatus.WOVEN, w.status());
                            assertArrayEquals(reference, w.bytes(), "weaving is deterministic");
                            ok++;
                        }
                    }
                    return ok;
                }));
            }
            List<Future<String>> bad = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                bad.add(pool.submit(() -> {
                    try (TestClient c = new TestClient(f.socket())) {
                        c.sendRaw("garbage garbage garbage".getBytes(StandardCharsets.US_ASCII));
                        return ((ErrorMessage) c.receive()).message();
                    }
                }));
            }
            for (Future<Integer> g : good) {
                assertEquals(WEAVES, g.get(60, TimeUnit.SECONDS));
            }
            for (Future<String> b : bad) {
                assertEquals("bad frame magic 0x67617262 (expected 0x54415052 \"TAPR\")", b.get(60, TimeUnit.SECONDS));
            }
            pool.shutdown();
            Map<String, Object> stats = f.server.stats().toMap();
            assertEquals((long) THREADS * WEAVES + 1, stats.get("requests"));
            assertEquals((long) THREADS * WEAVES + 1, stats.get("woven"));
            assertEquals(2L, stats.get("protocolErrors"));
            assertEquals((long) THREADS + 3, stats.get("connections"));
        }
    }
}
