package io.taper.protocol;

import io.taper.result.Mode;
import io.taper.result.StartupPass;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaperConfigTest {

    @TempDir
    Path dir;

    private TaperConfig full() {
        return TaperConfig.empty()
            .with(TaperConfig.SOCKET, dir.resolve("s/taper.sock").toString())
            .with(TaperConfig.TOKEN, "0123456789abcdef0123")
            .with(TaperConfig.ANALYSIS_NAME, "method-count")
            .with(TaperConfig.ANALYSIS_JAR, "/opt/a b/analysis.jar")
            .with(TaperConfig.RUNTIME_JAR, "/opt/taper-runtime.jar")
            .with(TaperConfig.MODE, "adaptive")
            .with(TaperConfig.CONTROLLER, "periodic:100")
            .with(TaperConfig.CONTROLLER_PATH, "/x/a.jar:/x/b.jar")
            .with(TaperConfig.CONTROLLER_BATCH_SIZE, "32")
            .with(TaperConfig.OUT, "/run/out")
            .with(TaperConfig.WORK, "/run/work")
            .with(TaperConfig.DUMP, "/run/dump")
            .with(TaperConfig.TIMEOUT_MS, "250");
    }

    @Test
    void storeAndLoadRoundTripEveryKeyWithTypedGetters() throws IOException {
        Path file = dir.resolve("run/taper.properties");
        full().store(file);
        TaperConfig c = TaperConfig.load(file);
        assertEquals(full().asMap(), c.asMap());
        assertEquals(dir.resolve("s/taper.sock"), c.socket());
        assertEquals("0123456789abcdef0123", c.token());
        assertEquals("method-count", c.analysisName());
        assertEquals(Path.of("/opt/a b/analysis.jar"), c.analysisJar());
        assertEquals(Path.of("/opt/taper-runtime.jar"), c.runtimeJar());
        assertEquals(Mode.ADAPTIVE, c.mode());
        assertEquals("periodic:100", c.controller());
        assertEquals(List.of(Path.of("/x/a.jar"), Path.of("/x/b.jar")), c.controllerPath());
        assertEquals(32, c.controllerBatchSize());
        assertEquals(Path.of("/run/out"), c.out());
        assertEquals(Path.of("/run/work"), c.work());
        assertEquals(Optional.of(Path.of("/run/dump")), c.dump());
        assertEquals(250, c.timeoutMs());
    }

    @Test
    void storedFileIsSortedPropertiesWithEscapes() throws IOException {
        Path file = dir.resolve("c.properties");
        TaperConfig.empty().with(TaperConfig.WORK, "C:\\w").with(TaperConfig.ANALYSIS_NAME, "x").store(file);
        assertEquals(List.of("# Taper run configuration (io.taper.protocol.TaperConfig)", "analysis.name=x",
            "work=C:\\\\w"), Files.readAllLines(file));
        assertEquals("C:\\w", TaperConfig.load(file).get(TaperConfig.WORK));
    }

    @Test
    void defaultsApplyToOptionalKeys() {
        TaperConfig c = TaperConfig.empty();
        assertEquals(Mode.FIXED, c.mode());
        assertEquals("none", c.controller());
        assertEquals(List.of(), c.controllerPath());
        assertEquals(0, c.controllerBatchSize());
        assertEquals(Optional.empty(), c.dump());
        assertEquals(5000, c.timeoutMs());
    }

    @Test
    void aMissingRequiredKeyIsNamed() {
        TaperConfigException e = assertThrows(TaperConfigException.class, () -> TaperConfig.empty().socket());
        assertEquals("socket", e.key());
        assertEquals("taper config: missing required key 'socket'", e.getMessage());
    }

    @Test
    void aBadTimeoutIsNamedWithTheFileOnLoad() throws IOException {
        Path file = dir.resolve("bad.properties");
        Files.writeString(file, "timeout.ms=soon\n");
        TaperConfigException e = assertThrows(TaperConfigException.class, () -> TaperConfig.load(file));
        assertEquals("timeout.ms", e.key());
        assertEquals(file + ": taper config: key 'timeout.ms' has bad value 'soon': expected a positive whole "
            + "number of milliseconds", e.getMessage());
    }

    @Test
    void zeroTimeoutIsRejected() {
        assertThrows(TaperConfigException.class, () -> TaperConfig.of(Map.of(TaperConfig.TIMEOUT_MS, "0")));
    }

    @Test
    void aBadControllerBatchSizeIsNamed() {
        TaperConfigException e = assertThrows(TaperConfigException.class,
            () -> TaperConfig.of(Map.of(TaperConfig.CONTROLLER_BATCH_SIZE, "-1")));
        assertEquals("taper config: key 'controller.batch.size' has bad value '-1': expected a positive whole "
            + "number of classes", e.getMessage());
    }

    @Test
    void aBadModeIsNamed() {
        TaperConfigException e = assertThrows(TaperConfigException.class,
            () -> TaperConfig.of(Map.of(TaperConfig.MODE, "sometimes")));
        assertEquals("taper config: key 'mode' has bad value 'sometimes': mode must be none, fixed or adaptive, got"
            + " sometimes", e.getMessage());
    }

    @Test
    void theStartUpPassIsEagerUnlessTheLauncherSaysOtherwise() {
        assertEquals(StartupPass.EAGER, TaperConfig.empty().startupPass());
        assertEquals(StartupPass.BACKGROUND,
            TaperConfig.of(Map.of(TaperConfig.STARTUP_PASS, "Background")).startupPass());
        TaperConfigException e = assertThrows(TaperConfigException.class,
            () -> TaperConfig.of(Map.of(TaperConfig.STARTUP_PASS, "later")));
        assertEquals("taper config: key 'startup.pass' has bad value 'later': the start-up pass must be eager or"
            + " background, got later", e.getMessage());
    }

    @Test
    void modeNoneIsNotARunWithAnAgent() {
        TaperConfigException e = assertThrows(TaperConfigException.class,
            () -> TaperConfig.of(Map.of(TaperConfig.MODE, "none")));
        assertEquals("taper config: key 'mode' has bad value 'none': an instrumented run is fixed or adaptive; mode"
            + " none runs no agent", e.getMessage());
    }

    @Test
    void aNonHexTokenIsRejected() {
        TaperConfigException e = assertThrows(TaperConfigException.class,
            () -> TaperConfig.of(Map.of(TaperConfig.TOKEN, "secret")));
        assertEquals("token", e.key());
    }

    @Test
    void anUnknownKeyIsRejectedSoTyposCannotBeIgnored() {
        TaperConfigException e = assertThrows(TaperConfigException.class,
            () -> TaperConfig.of(Map.of("timeout", "5")));
        assertEquals("timeout", e.key());
        assertTrue(e.getMessage().startsWith("taper config: unknown key 'timeout' (known keys: analysis.jar, "),
            e.getMessage());
    }

    @Test
    void toStringHidesTheToken() {
        assertEquals("TaperConfig{token=<20 chars>}",
            TaperConfig.empty().with(TaperConfig.TOKEN, "0123456789abcdef0123").toString());
    }
}
