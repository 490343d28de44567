package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.protocol.ErrorMessage;
import io.taper.protocol.Frames;
import io.taper.protocol.Hello;
import io.taper.protocol.HelloOk;
import io.taper.protocol.Message;
import io.taper.protocol.MessageType;
import io.taper.protocol.StatsReply;
import io.taper.protocol.StatsRequest;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every way a peer can misbehave gets an ERROR (where the server can still answer) and a closed
 * connection, and the server keeps serving a well-behaved connection opened before and one opened after.
 */
class ProtocolErrorsTest {

    @TempDir
    Path dir;

    private ServerFixture fixture;
    private TestClient bystander;

    @BeforeEach
    void start() throws IOException {
        fixture = ServerFixture.start(dir, TestAnalyses.config(dir));
        bystander = fixture.greetedClient();
    }

    @AfterEach
    void stop() throws IOException {
        bystander.close();
        fixture.close();
    }

    /** The error's text, after which the server closed the connection. */
    private static String errorThenClosed(TestClient c) throws IOException {
        Message m = c.receive();
        assertInstanceOf(ErrorMessage.class, m, "answer");
        assertNull(c.receiveFrame(), "the server closed the connection after the error");
        return ((ErrorMessage) m).message();
    }

    private void othersAreStillServed() throws IOException {
        Woven before = bystander.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes());
        assertEquals(WeaveStatus.WOVEN, before.status());
        try (TestClient after = fixture.greetedClient()) {
            Woven w = after.weave(2, TestAnalyses.TARGET, TestAnalyses.targetBytes());
            assertEquals(2, w.requestId());
            assertEquals(WeaveStatus.WOVEN, w.status());
        }
    }

    private static byte[] header(int magic, int version, int type, int length) {
        return ByteBuffer.allocate(Frames.HEADER_SIZE).putInt(magic).putShort((short) version).put((byte) type)
            .putInt(length).array();
    }

    @Test
    void garbageBytesAreAnsweredWithBadMagic() throws IOException {
        try (TestClient c = new TestClient(fixture.socket())) {
            c.sendRaw("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertEquals("bad frame magic 0x47455420 (expected 0x54415052 \"TAPR\")", errorThenClosed(c));
        }
        othersAreStillServed();
        assertEquals(1, fixture.server.stats().protocolErrors());
    }

    @Test
    void garbageAfterAValidHelloClosesOnlyThatConnection() throws IOException {
        try (TestClient c = fixture.greetedClient()) {
            byte[] noise = new byte[500];
            Arrays.fill(noise, (byte) 0xA5);
            c.sendRaw(noise);
            assertEquals("bad frame magic 0xa5a5a5a5 (expected 0x54415052 \"TAPR\")", errorThenClosed(c));
        }
        othersAreStillServed();
    }

    @Test
    void aWrongVersionIsNamed() throws IOException {
        try (TestClient c = new TestClient(fixture.socket())) {
            c.sendRaw(header(Frames.MAGIC, 7, MessageType.HELLO, 0));
            assertEquals("unsupported protocol version 7 (this side speaks 5)", errorThenClosed(c));
        }
        othersAreStillServed();
    }

    @Test
    void anOversizedLengthIsRefusedBeforeAnyPayload() throws IOException {
        try (TestClient c = fixture.greetedClient()) {
            c.sendRaw(header(Frames.MAGIC, Frames.VERSION, MessageType.WEAVE, Frames.MAX_PAYLOAD + 1));
            assertEquals("frame payload length 67108865 outside 0..67108864", errorThenClosed(c));
        }
        othersAreStillServed();
    }

    @Test
    @org.junit.jupiter.api.Timeout(20)
    void aLargeFirstFrameIsRefusedBeforeTheTokenIsChecked() throws IOException {
        try (TestClient c = new TestClient(fixture.socket())) {
            // a legal size for a WEAVE, but nobody who has not said the token gets to make the server wait for it
            c.sendRaw(header(Frames.MAGIC, Frames.VERSION, MessageType.HELLO, Frames.MAX_PAYLOAD));
            assertEquals("frame payload length 67108864 outside 0..4096", errorThenClosed(c));
        }
        othersAreStillServed();
    }

    @Test
    @org.junit.jupiter.api.Timeout(30)
    void aFloodOfConnectionsWithoutTheTokenCannotKeepTheAgentOut() throws IOException {
        java.util.List<TestClient> flood = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < InstrumentationServer.MAX_CONNECTIONS + 16; i++) {
                flood.add(new TestClient(fixture.socket()));
            }
            othersAreStillServed();
            assertTrue(fixture.server.stats().connectionsRejected() >= InstrumentationServer.MAX_CONNECTIONS + 16
                - InstrumentationServer.MAX_UNGREETED, "silent connections were closed to make room");
        } finally {
            for (TestClient c : flood) {
                c.close();
            }
        }
    }

    @Test
    void aTruncatedFrameIsReportedWhenTheStreamEnds() throws IOException {
        try (TestClient c = fixture.greetedClient()) {
            c.sendRaw(header(Frames.MAGIC, Frames.VERSION, MessageType.WEAVE, 100));
            c.sendRaw(new byte[10]);
            c.shutdownOutput();
            assertEquals("stream ended inside a frame payload of WEAVE: got 10 of 100 bytes", errorThenClosed(c));
        }
        othersAreStillServed();
    }

    @Test
    void aTruncatedHeaderIsReported() throws IOException {
        try (TestClient c = new TestClient(fixture.socket())) {
            c.sendRaw(Arrays.copyOf(header(Frames.MAGIC, Frames.VERSION, MessageType.HELLO, 0), 6));
            c.shutdownOutput();
            assertEquals("stream ended inside a frame header: got 6 of 11 bytes", errorThenClosed(c));
        }
        othersAreStillServed();
    }

    @Test
    void aWrongTokenIsRejected() throws IOException {
        try (TestClient c = new TestClient(fixture.socket())) {
            c.send(new Hello("ffffffffffffffffffffffffffffffff", 1));
            assertEquals("wrong token", errorThenClosed(c));
        }
        othersAreStillServed();
        assertEquals(1, fixture.server.stats().connectionsRejected());
    }

    @Test
    void aWeaveBeforeHelloIsRejected() throws IOException {
        try (TestClient c = new TestClient(fixture.socket())) {
            c.send(new Weave(1, 0, TestAnalyses.TARGET, false, new int[0], Map.of(), TestAnalyses.targetBytes()));
            assertEquals("first message must be HELLO, got WEAVE", errorThenClosed(c));
        }
        othersAreStillServed();
    }

    @Test
    void aMalformedPayloadIsRejected() throws IOException {
        try (TestClient c = fixture.greetedClient()) {
            // A WEAVE frame whose payload is three bytes: too short for even a request id.
            c.sendRaw(Frames.encode(MessageType.WEAVE, new byte[] {1, 2, 3}));
            assertEquals("WEAVE: payload too short", errorThenClosed(c));
        }
        othersAreStillServed();
    }

    @Test
    void anUnknownMessageTypeIsRejected() throws IOException {
        try (TestClient c = fixture.greetedClient()) {
            c.sendRaw(Frames.encode((byte) 99, new byte[0]));
            assertEquals("unknown message type 99", errorThenClosed(c));
        }
        othersAreStillServed();
    }

    @Test
    void aServerToAgentMessageFromTheAgentIsRejected() throws IOException {
        try (TestClient c = fixture.greetedClient()) {
            c.send(new HelloOk("/x", "y", 1));
            assertEquals("unexpected HELLO_OK from an agent", errorThenClosed(c));
        }
        othersAreStillServed();
    }

    @Test
    void malformedClassBytesFailThatClassOnlyAndKeepTheConnection() throws IOException {
        try (TestClient c = fixture.greetedClient()) {
            Woven bad = c.weave(5, "p/Broken", "not a class file".getBytes(StandardCharsets.US_ASCII));
            assertEquals(5, bad.requestId());
            assertEquals(WeaveStatus.FAILED, bad.status());
            assertEquals(0, bad.bytes().length);
            assertTrue(bad.message().startsWith("p/Broken: cannot parse class file (16 bytes): "), bad.message());
            Woven good = c.weave(6, TestAnalyses.TARGET, TestAnalyses.targetBytes());
            assertEquals(WeaveStatus.WOVEN, good.status());
        }
        othersAreStillServed();
    }

    @Test
    void statsAreServedOnRequest() throws IOException {
        bystander.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes());
        bystander.send(new StatsRequest());
        StatsReply r = (StatsReply) bystander.receive();
        assertTrue(r.json().contains("\"requests\": 1,"), r.json());
    }
}
