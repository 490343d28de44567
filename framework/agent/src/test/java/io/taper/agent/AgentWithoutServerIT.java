package io.taper.agent;

import io.taper.testing.ForkedJvm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import io.taper.protocol.TaperConfig;
import io.taper.runtime.SiteInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fail-safe: with no server to talk to, the program runs exactly as without Taper, after one warning. */
class AgentWithoutServerIT {

    @TempDir
    Path dir;

    private Path runtimeJar() throws IOException {
        return TestJars.jarOf(SiteInfo.class, dir);
    }

    /** As a launcher runs the observed JVM: Taper's runtime on the boot class path from the start. */
    private List<String> bootPath() throws IOException {
        return List.of("-Xbootclasspath/a:" + runtimeJar());
    }

    private Path config(Path socket) throws IOException {
        Path file = dir.resolve("taper.properties");
        TaperConfig.empty()
            .with(TaperConfig.SOCKET, socket.toString())
            .with(TaperConfig.TOKEN, "0123456789abcdef0123456789abcdef")
            .with(TaperConfig.ANALYSIS_NAME, "test")
            .with(TaperConfig.RUNTIME_JAR, runtimeJar().toString())
            .with(TaperConfig.OUT, dir.resolve("out").toString())
            .with(TaperConfig.TIMEOUT_MS, "2000")
            .store(file);
        return file;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> agentStats() throws IOException {
        Map<String, Object> result = new Gson().fromJson(Files.readString(dir.resolve("out/agent-result.json")), Map.class);
        assertEquals("test", result.get("analysis"));
        assertEquals(List.of(), result.get("rows"));
        return (Map<String, Object>) result.get("stats");
    }

    @Test
    void aMissingServerLeavesOutputAndExitCodeUnchangedWithOneWarning() throws Exception {
        ForkedJvm.Result plain = AgentJvm.run(dir, null, "sample.Greeter", "3");
        ForkedJvm.Result taper = AgentJvm.run(dir, bootPath(), config(dir.resolve("nowhere/server.sock")),
            "sample.Greeter", "3");

        assertEquals(3, plain.exitCode());
        assertEquals("hello from sample: {a=2, b=1, c=1} [1, 2] 42\n", plain.stdout());
        assertEquals(plain.exitCode(), taper.exitCode());
        assertEquals(plain.stdout(), taper.stdout());
        List<String> warnings = taper.stderr().lines().toList();
        assertEquals(1, warnings.size(), taper.stderr());
        assertTrue(warnings.get(0).startsWith("[taper] WARNING: instrumentation server unavailable (cannot connect to "),
            warnings.get(0));
        assertTrue(warnings.get(0).endsWith("; continuing uninstrumented"), warnings.get(0));

        Map<String, Object> stats = agentStats();
        assertEquals(0.0, stats.get("classesWoven"));
        double untransformed = (Double) stats.get("classesUntransformed");
        assertTrue(untransformed > 300, "the ~400+ classes loaded at start-up and after are untransformed: " + untransformed);
        assertEquals(stats.get("classesSeen"), stats.get("classesUntransformed"));
        assertTrue(((String) stats.get("serverUnavailable")).startsWith("cannot connect to "), stats.toString());
        assertTrue(stats.containsKey("rowsError"), stats.toString());
    }

    @Test
    void aNormalExitWritesTheResultToo() throws Exception {
        ForkedJvm.Result taper = AgentJvm.run(dir, bootPath(), config(dir.resolve("nowhere/server.sock")),
            "sample.Greeter");
        assertEquals(0, taper.exitCode());
        assertEquals("hello from sample: {a=2, b=1, c=1} [1, 2] 42\n", taper.stdout());
        assertTrue((Double) agentStats().get("classesUntransformed") > 300);
    }

    @Test
    void aBrokenConfigurationDisablesTheAgentWithOneWarning() throws Exception {
        Path bad = dir.resolve("bad.properties");
        Files.writeString(bad, "timeout.ms=never\n");
        ForkedJvm.Result taper = AgentJvm.run(dir, bootPath(), bad, "sample.Greeter", "5");
        assertEquals(5, taper.exitCode());
        assertEquals("hello from sample: {a=2, b=1, c=1} [1, 2] 42\n", taper.stdout());
        assertEquals(List.of("[taper] WARNING: agent disabled (" + bad + ": taper config: key 'timeout.ms' has bad "
            + "value 'never': expected a positive whole number of milliseconds); continuing uninstrumented"),
            taper.stderr().lines().toList());
    }
}
