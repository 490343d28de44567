package io.taper.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FramesTest {

    private static byte[] header(int magic, int version, int type, int length) {
        return ByteBuffer.allocate(Frames.HEADER_SIZE).putInt(magic).putShort((short) version).put((byte) type)
            .putInt(length).array();
    }

    private static Frame read(byte[] wire) throws IOException {
        return Frames.read(new ByteArrayInputStream(wire));
    }

    @Test
    void writesTheDocumentedHeaderLayout() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Frames.write(out, MessageType.WEAVE, new byte[] {7, 8, 9});
        assertArrayEquals(new byte[] {0x54, 0x41, 0x50, 0x52, 0, 5, 3, 0, 0, 0, 3, 7, 8, 9}, out.toByteArray());
    }

    @Test
    void roundTripsConsecutiveFramesAndEndsCleanly() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Frames.write(out, MessageType.BYE, new byte[0]);
        byte[] big = new byte[200_000];
        Arrays.fill(big, (byte) 0x5a);
        Frames.write(out, MessageType.WOVEN, big);
        ByteArrayInputStream in = new ByteArrayInputStream(out.toByteArray());
        Frame a = Frames.read(in);
        Frame b = Frames.read(in);
        assertEquals(MessageType.BYE, a.type());
        assertEquals(0, a.payload().length);
        assertEquals(MessageType.WOVEN, b.type());
        assertArrayEquals(big, b.payload());
        assertNull(Frames.read(in));
    }

    @Test
    void rejectsBadMagicNamingIt() {
        BadMagicException e = assertThrows(BadMagicException.class,
            () -> read(header(0x47455420, 1, 3, 0))); // "GET " — an HTTP client
        assertEquals(0x47455420, e.magic());
        assertEquals("bad frame magic 0x47455420 (expected 0x54415052 \"TAPR\")", e.getMessage());
    }

    @Test
    void rejectsBadMagicEvenWhenTheHeaderIsShort() {
        assertThrows(BadMagicException.class, () -> read("hello".getBytes()));
    }

    @Test
    void rejectsOtherVersions() {
        UnsupportedVersionException e = assertThrows(UnsupportedVersionException.class,
            () -> read(header(Frames.MAGIC, 2, 3, 0)));
        assertEquals(2, e.version(), "the version before site tables named their strings once");
    }

    @Test
    void rejectsALengthAboveTheMaximumWithoutReadingIt() {
        OversizedFrameException e = assertThrows(OversizedFrameException.class,
            () -> read(header(Frames.MAGIC, Frames.VERSION, 3, Frames.MAX_PAYLOAD + 1)));
        assertEquals(Frames.MAX_PAYLOAD + 1L, e.length());
    }

    @Test
    void rejectsANegativeLengthAsOversized() {
        OversizedFrameException e = assertThrows(OversizedFrameException.class,
            () -> read(header(Frames.MAGIC, Frames.VERSION, 3, -1)));
        assertEquals(0xffffffffL, e.length());
    }

    @Test
    void acceptsExactlyTheMaximumLengthHeader() {
        // The header is valid; the stream then ends, so the failure is truncation, not size.
        TruncatedFrameException e = assertThrows(TruncatedFrameException.class,
            () -> read(header(Frames.MAGIC, Frames.VERSION, 3, Frames.MAX_PAYLOAD)));
        assertEquals("stream ended inside a frame payload of WEAVE: got 0 of 67108864 bytes", e.getMessage());
    }

    @Test
    void reportsATruncatedHeader() {
        byte[] partial = Arrays.copyOf(header(Frames.MAGIC, Frames.VERSION, 3, 5), 7);
        TruncatedFrameException e = assertThrows(TruncatedFrameException.class, () -> read(partial));
        assertEquals("stream ended inside a frame header: got 7 of 11 bytes", e.getMessage());
    }

    @Test
    void reportsATruncatedPayload() {
        byte[] wire = Arrays.copyOf(Frames.encode(MessageType.WEAVE, new byte[10]), Frames.HEADER_SIZE + 4);
        TruncatedFrameException e = assertThrows(TruncatedFrameException.class, () -> read(wire));
        assertEquals("stream ended inside a frame payload of WEAVE: got 4 of 10 bytes", e.getMessage());
    }

    @Test
    void refusesToWriteAnOversizedPayload() {
        assertThrows(OversizedFrameException.class,
            () -> Frames.write(new ByteArrayOutputStream(), MessageType.WOVEN, new byte[Frames.MAX_PAYLOAD + 1]));
    }
}
