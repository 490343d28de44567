package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.protocol.Bye;
import io.taper.protocol.ErrorMessage;
import io.taper.protocol.Hello;
import io.taper.protocol.Message;
import io.taper.protocol.SessionOpen;
import io.taper.protocol.SessionOpened;
import io.taper.protocol.SharedServerPaths;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shared server: a session per JVM, each a server of its own, refused strangers, ends and idle stops. */
class SharedServerTest {

    @TempDir
    Path dir;

    private SharedServerPaths paths() {
        return new SharedServerPaths(dir.resolve("srv"));
    }

    private static String token(SharedServerPaths p) throws IOException {
        return Files.readString(p.token(), StandardCharsets.UTF_8).trim();
    }

    /** A session for the entry analysis with its own out directory under {@code name}. */
    private SessionOpened open(TestClient c, SharedServerPaths p, String name) throws IOException {
        Files.createDirectories(dir.resolve(name));
        Map<String, String> cfg = TestAnalyses.config(dir.resolve(name)).with(TaperConfig.SOCKET, null)
            .with(TaperConfig.TOKEN, null).asMap();
        c.send(new SessionOpen(token(p), 42, cfg));
        Message m = c.receive();
        return assertInstanceOf(SessionOpened.class, m, String.valueOf(m));
    }

    @Test
    void eachSessionIsAServerOfItsOwnAndEndsWithItsConnection() throws Exception {
        SharedServerPaths p = paths();
        try (SharedServer s = SharedServer.start(p, 300); TestClient ca = new TestClient(p.socket());
             TestClient cb = new TestClient(p.socket())) {
            SessionOpened a = open(ca, p, "a");
            SessionOpened b = open(cb, p, "b");
            assertNotEquals(a.socket(), b.socket());
            assertNotEquals(a.token(), b.token());
            assertEquals(ProcessHandle.current().pid(), a.serverPid());
            try (TestClient wa = TestClient.greeted(Path.of(a.socket()), a.token());
                 TestClient wb = TestClient.greeted(Path.of(b.socket()), b.token())) {
                Woven x = wa.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes());
                Woven y = wb.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes());
                assertEquals(WeaveStatus.WOVEN, x.status());
                assertEquals(WeaveStatus.WOVEN, y.status());
                // site ids are the session's own: both sessions number the same class's sites from 1
                assertEquals(1, x.sites().get(0).id());
                assertEquals(x.sites().stream().map(io.taper.runtime.SiteInfo::id).toList(),
                    y.sites().stream().map(io.taper.runtime.SiteInfo::id).toList());
            }
            try (TestClient stranger = new TestClient(Path.of(b.socket()))) {
                stranger.send(new Hello(a.token(), 7));   // one session's token does not open another's socket
                assertInstanceOf(ErrorMessage.class, stranger.receive());
            }
            assertEquals(2, s.status().get("sessionsOpen"));
            assertEquals(2L, s.status().get("sessionsOpened"));

            ca.send(new Bye());
            assertInstanceOf(Bye.class, ca.receive(), "the server answers once the session's statistics are written");
            assertTrue(Files.isRegularFile(dir.resolve("a/out/server-stats.json")));
            assertFalse(Files.exists(dir.resolve("b/out/server-stats.json")));
            assertEquals(1, s.status().get("sessionsOpen"));
            try (TestClient wb = TestClient.greeted(Path.of(b.socket()), b.token())) {
                assertEquals(WeaveStatus.WOVEN, wb.weave(2, TestAnalyses.TARGET, TestAnalyses.targetBytes()).status());
            }
        }
        assertTrue(Files.isRegularFile(dir.resolve("b/out/server-stats.json")), "closing the server ends every session");
        assertFalse(Files.exists(p.socket()));
        assertFalse(Files.exists(p.pid()));
    }

    @Test
    void strangersAreRefusedWithoutTouchingOpenSessions() throws Exception {
        SharedServerPaths p = paths();
        try (SharedServer s = SharedServer.start(p, 300); TestClient cb = new TestClient(p.socket())) {
            SessionOpened b = open(cb, p, "b");
            try (TestClient c = new TestClient(p.socket())) {
                c.send(new SessionOpen("not-the-token", 1, Map.of()));
                assertEquals(new ErrorMessage("wrong token"), c.receive());
            }
            try (TestClient c = new TestClient(p.socket())) {
                c.send(new Hello(token(p), 1));
                assertEquals(new ErrorMessage("expected SESSION_OPEN or STATS, got HELLO"), c.receive());
            }
            try (TestClient c = new TestClient(p.socket())) {
                c.sendRaw("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                c.shutdownOutput();
                assertThrows(IOException.class, () -> {
                    if (c.receive() == null) {
                        throw new IOException("closed");
                    }
                });
            }
            try (TestClient c = new TestClient(p.socket())) {
                Map<String, String> bad = Map.of(TaperConfig.MODE, "sometimes");
                c.send(new SessionOpen(token(p), 1, bad));
                Message m = c.receive();
                assertTrue(m instanceof ErrorMessage e && e.message().startsWith("cannot open a session: "), String.valueOf(m));
            }
            assertEquals(1, s.status().get("sessionsOpen"));
            assertEquals(3L, s.status().get("sessionsRefused"));
            try (TestClient wb = TestClient.greeted(Path.of(b.socket()), b.token())) {
                assertEquals(WeaveStatus.WOVEN, wb.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes()).status());
            }
        }
    }

    @Test
    void aSessionWhoseJvmIsGoneEndsAndAnIdleServerStops() throws Exception {
        SharedServerPaths p = paths();
        SharedServer s = SharedServer.start(p, 1);
        try {
            TestClient c = new TestClient(p.socket());
            open(c, p, "a");
            c.close();   // the JVM died: no BYE
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!Files.exists(dir.resolve("a/out/server-stats.json")) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(Files.isRegularFile(dir.resolve("a/out/server-stats.json")));
            Thread stopper = new Thread(() -> {
                try {
                    s.awaitStopped();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            stopper.start();
            stopper.join(10_000);
            assertFalse(stopper.isAlive(), "a server without a session stops after its idle time");
            assertFalse(Files.exists(p.socket()));
        } finally {
            s.close();
        }
    }

    @Test
    void aSecondServerInTheSameDirectoryIsRefused() throws Exception {
        SharedServerPaths p = paths();
        try (SharedServer s = SharedServer.start(p, 300)) {
            String before = token(p);
            IOException e = assertThrows(IOException.class, () -> SharedServer.start(p, 300));
            assertEquals("a shared server already runs on " + p.socket(), e.getMessage());
            assertEquals(before, token(p), "the running server's token is left alone");
        }
    }

    @Test
    void aServerWhoseSocketIsRemovedStopsWhenNoSessionIsOpen() throws Exception {
        SharedServerPaths p = paths();
        SharedServer s = SharedServer.start(p, 300);
        try {
            Files.delete(p.socket());   // e.g. its directory cleaned: no JVM can reach it any more
            Thread stopper = new Thread(() -> {
                try {
                    s.awaitStopped();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            stopper.start();
            stopper.join(10_000);
            assertFalse(stopper.isAlive(), "stopped long before its 300 s of idle time");
            assertFalse(Files.exists(p.pid()));
        } finally {
            s.close();
        }
    }
}
