package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.runtime.control.FixedStrategy;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The spec check skips the catalog only for the spec that every fixed run has, and still checks the paths. */
class ControllerSpecCheckTest {

    @Test
    void theSpecItSkipsIsTheFixedStrategysName() {
        assertEquals(FixedStrategy.NAME, ControllerSpecCheck.FIXED);
    }

    @Test
    void aMissingControllerPathIsAnErrorEvenForTheFixedSpec() {
        Path none = Path.of("/nonexistent/agent.jar");
        LauncherException e = assertThrows(LauncherException.class, () -> ControllerSpecCheck.check("none", none, none,
            none, List.of(Path.of("/nonexistent/strategies.jar"))));
        assertTrue(e.getMessage().startsWith("--controller-path: no such file: "), e.getMessage());
    }
}
