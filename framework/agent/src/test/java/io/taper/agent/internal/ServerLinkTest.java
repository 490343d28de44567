package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.controller.ClassDeployment;
import io.taper.protocol.TaperConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client's fail-safe: every wait has a deadline, and the first failure ends all talking. */
class ServerLinkTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedErr;

    @BeforeEach
    void captureStderr() {
        savedErr = System.err;
        System.setErr(new PrintStream(err, true));
        AgentWarnings.resetForTests();
    }

    @AfterEach
    void restoreStderr() {
        System.setErr(savedErr);
    }

    private TaperConfig config(Path socket, int timeoutMs) {
        return TaperConfig.empty().with(TaperConfig.SOCKET, socket.toString())
            .with(TaperConfig.TOKEN, "0123456789abcdef0123456789abcdef")
            .with(TaperConfig.TIMEOUT_MS, Integer.toString(timeoutMs));
    }

    @Test
    void aHungServerCostsOneTimeoutThenNothing() throws Exception {
        Path socket = dir.resolve("hung.sock");
        try (SilentServer s = new SilentServer(socket, SilentServer.Mode.HANG)) {
            AgentStats stats = new AgentStats();
            ServerLink link = new ServerLink(config(socket, 300), stats);
            assertNotNull(link.connect());
            long t0 = System.nanoTime();
            assertNull(link.weave(0, "p/A", false, ClassDeployment.ALL_ENABLED, new byte[] {1}));
            long waited = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(waited >= 300 && waited < 3000, "waited " + waited + " ms for a 300 ms timeout");
            t0 = System.nanoTime();
            assertNull(link.weave(0, "p/B", false, ClassDeployment.ALL_ENABLED, new byte[] {1}));
            assertTrue((System.nanoTime() - t0) / 1_000_000 < 50, "no second wait once the server is given up");
            assertEquals("no answer within 300 ms", stats.serverLostReason());
            assertEquals("[taper] WARNING: instrumentation server unavailable (no answer within 300 ms); "
                + "continuing uninstrumented" + System.lineSeparator(), err.toString());
        }
    }

    @Test
    void aServerThatDiesMidRunIsGivenUpWithOneWarning() throws Exception {
        Path socket = dir.resolve("dies.sock");
        try (SilentServer s = new SilentServer(socket, SilentServer.Mode.DIE)) {
            AgentStats stats = new AgentStats();
            ServerLink link = new ServerLink(config(socket, 5000), stats);
            assertNotNull(link.connect());
            assertNull(link.weave(0, "p/A", false, ClassDeployment.ALL_ENABLED, new byte[] {1}));
            assertNull(link.weave(0, "p/B", false, ClassDeployment.ALL_ENABLED, new byte[] {1}));
            assertEquals("the server closed the connection", stats.serverLostReason());
            assertEquals(1, err.toString().lines().count(), err.toString());
        }
    }

    @Test
    void noServerAtAllFailsAtOnce() {
        AgentStats stats = new AgentStats();
        ServerLink link = new ServerLink(config(dir.resolve("none.sock"), 5000), stats);
        long t0 = System.nanoTime();
        assertNull(link.connect());
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 1000);
        assertEquals("cannot connect to " + dir.resolve("none.sock") + ": No such file or directory",
            stats.serverLostReason());
    }
}
