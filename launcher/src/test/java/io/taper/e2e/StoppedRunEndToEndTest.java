package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to {@code taper run} alone (as a CI runner or a supervisor sends it) reaches the observed program,
 * whose agent writes its results; the launcher writes result.json from them and exits; no JVM is left behind.
 */
class StoppedRunEndToEndTest {

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void sigtermToTheLauncherEndsTheProgramAndLeavesResults() throws Exception {
        Path out = tmp.resolve("out");
        Path stdout = tmp.resolve("stdout.txt");
        List<String> cmd = List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
            "-Dtaper.home=" + TaperProcess.home(), "-cp", System.getProperty("java.class.path"),
            "io.taper.launcher.TaperCli", "run", "--analysis", "method-count", "--mode", "fixed", "--out", out.toString(),
            "--", "-cp", TaperProcess.fixtureClassPath(), "io.taper.e2e.fixtures.Sleeper", "120000");
        Process launcher = new ProcessBuilder(cmd).redirectOutput(stdout.toFile())
            .redirectError(tmp.resolve("stderr.txt").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(stdout, StandardCharsets.UTF_8).contains("worked 5") && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(launcher.isAlive(), "the program is asleep");
        launcher.destroy();                                   // SIGTERM to the launcher only
        assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "the launcher ended");
        assertEquals(143, launcher.exitValue(), Files.readString(tmp.resolve("stderr.txt")));
        Map<String, Object> result = TaperProcess.readJson(out.resolve("result.json"));
        Map<String, Object> launch = (Map<String, Object>) result.get("launch");
        assertEquals("taper run was told to stop: the program got SIGTERM", launch.get("stoppedByLauncher"));
        long pid = ((Number) launch.get("observedPid")).longValue();
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "no JVM left behind");
        List<Map<String, Object>> rows = (List<Map<String, Object>>) result.get("rows");
        assertEquals(5.0, rows.stream().filter(r -> "io.taper.e2e.fixtures.Sleeper".equals(r.get("class"))
            && "work".equals(r.get("method"))).findFirst().orElseThrow().get("entries"), rows.toString());
        assertFalse(Files.readString(stdout).contains("woke up"));
    }
}
