package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.WeaveStatus;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server as the launcher runs it: a process that signals readiness and stops when stdin closes. */
class ServerProcessTest {

    @TempDir
    Path dir;

    private Process start(Path config, String... extra) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"),
            InstrumentationServer.class.getName(), "--config", config.toString()));
        cmd.addAll(List.of(extra));
        return new ProcessBuilder(cmd).redirectError(dir.resolve("stderr.txt").toFile()).start();
    }

    @Test
    void signalsReadinessServesAndStopsWritingStatsWhenStdinCloses() throws Exception {
        Path dump = dir.resolve("dump");
        Path config = dir.resolve("taper.properties");
        TestAnalyses.config(dir).store(config);
        Process p = start(config, "--dump", dump.toString());
        BufferedReader stdout = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String ready = stdout.readLine();
        Path socket = dir.resolve("sock/server.sock").toAbsolutePath();
        assertEquals("TAPER-SERVER-READY " + socket, ready);

        try (TestClient c = TestClient.greeted(socket, ServerFixture.TOKEN)) {
            assertEquals(WeaveStatus.WOVEN, c.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes()).status());
        }
        p.getOutputStream().close();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the server stops when its stdin closes");
        assertEquals(0, p.exitValue());
        assertEquals(null, stdout.readLine(), "nothing but the readiness line on stdout");
        assertEquals("", Files.readString(dir.resolve("stderr.txt")));

        @SuppressWarnings("unchecked")
        Map<String, Object> stats = new Gson().fromJson(Files.readString(dir.resolve("out/server-stats.json")), Map.class);
        assertEquals(1.0, stats.get("requests"));
        assertEquals(1.0, stats.get("woven"));
        assertTrue(Files.isRegularFile(dump.resolve("sample/Target.woven.1.class")), "--dump overrides the config");
        String log = Files.readString(dir.resolve("work/server.log"));
        assertTrue(log.contains("serving "), "logs go to WORK/server.log");
        // milliseconds since the server started, not a time of day (no locale data loaded for the first line)
        assertTrue(log.lines().filter(l -> l.contains("serving ")).allMatch(l -> l.matches("\\d+ \\[main\\] INFO .*")), log);
        assertTrue(Files.notExists(socket), "the socket is removed at the end");
    }

    @Test
    void stopsOnSigtermToo() throws Exception {
        Path config = dir.resolve("taper.properties");
        TestAnalyses.config(dir).store(config);
        Process p = start(config);
        BufferedReader stdout = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertTrue(stdout.readLine().startsWith("TAPER-SERVER-READY "));
        p.destroy(); // SIGTERM: the shutdown hook writes the statistics
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertTrue(Files.isRegularFile(dir.resolve("out/server-stats.json")),
            "exit " + p.exitValue() + ", stderr: " + Files.readString(dir.resolve("stderr.txt")) + ", log: "
            + Files.readString(dir.resolve("work/server.log")));
    }

    @Test
    void aBadConfigurationFailsBeforeReadinessWithTheKeyNamed() throws Exception {
        Path config = dir.resolve("taper.properties");
        Files.writeString(config, "socket=" + dir.resolve("s/x.sock") + "\ntimeout.ms=-3\n");
        Process p = start(config);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue());
        assertEquals("", new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8), "never ready");
        assertEquals("taper-server: cannot start: " + config + ": taper config: key 'timeout.ms' has bad value '-3': "
            + "expected a positive whole number of milliseconds\n", Files.readString(dir.resolve("stderr.txt")));
    }

    @Test
    void aMissingAnalysisJarFailsBeforeReadiness() throws Exception {
        Path config = dir.resolve("taper.properties");
        ServerFixture.config(dir).with(TaperConfig.ANALYSIS_JAR, dir.resolve("none.jar").toString()).store(config);
        Process p = start(config);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue());
        assertEquals("taper-server: cannot start: analysis jar " + dir.resolve("none.jar") + " does not exist\n",
            Files.readString(dir.resolve("stderr.txt")));
    }
}
