package io.taper.protocol.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.protocol.MalformedMessageException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reader takes back exactly what {@link DataOutputStream} wrote, and refuses what it could not have. */
class PayloadReaderTest {

    private static final List<String> STRINGS = List.of("", "java/lang/String", "(Ljava/lang/Object;)V\tx\n",
        "caf\u00e9", "\u4e2d\u6587", "emoji \ud83d\ude00 end", "zero \u0000 inside", "\u007f\u0080\u07ff\u0800");

    @Test
    void readsBackEveryFieldDataOutputWrote() throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(buf);
        out.writeInt(-2);
        out.writeInt(0x7f00ff01);
        out.writeLong(Long.MIN_VALUE + 12345);
        out.writeLong(-1L);
        out.writeByte(-128);
        out.writeBoolean(true);
        out.writeBoolean(false);
        for (String s : STRINGS) {
            out.writeUTF(s);
        }
        out.writeInt(3);
        out.write(new byte[] {7, 8, 9});
        out.write(new byte[] {4, 5});
        PayloadReader r = new PayloadReader("TEST", buf.toByteArray());
        assertEquals(-2, r.readInt());
        assertEquals(0x7f00ff01, r.readInt());
        assertEquals(Long.MIN_VALUE + 12345, r.readLong());
        assertEquals(-1L, r.readLong());
        assertEquals(-128, r.readByte());
        assertTrue(r.readBoolean());
        assertFalse(r.readBoolean());
        for (String s : STRINGS) {
            assertEquals(s, r.readUtf());
        }
        assertArrayEquals(new byte[] {7, 8, 9}, r.readByteArray("bytes"));
        assertArrayEquals(new byte[] {4, 5}, r.readRemaining());
        r.expectEnd();
    }

    @Test
    void aRawZeroByteReadsAsDataInputStreamReadsIt() throws Exception {
        PayloadReader r = new PayloadReader("TEST", new byte[] {0, 3, 'a', 0, 'b'});
        assertEquals("a\u0000b", r.readUtf());
        r.expectEnd();
    }

    @Test
    void wrongPayloadsAreMalformed() throws IOException {
        MalformedMessageException bad = assertThrows(MalformedMessageException.class,
            () -> new PayloadReader("TEST", new byte[] {0, 2, (byte) 0xc3, 'x'}).readUtf());
        assertTrue(bad.getMessage().startsWith("TEST: bad modified UTF-8 string"), bad.getMessage());
        assertEquals("TEST: payload too short", assertThrows(MalformedMessageException.class,
            () -> new PayloadReader("TEST", new byte[] {0, 5, 'a', 'b'}).readUtf()).getMessage());
        assertEquals("TEST: payload too short", assertThrows(MalformedMessageException.class,
            () -> new PayloadReader("TEST", new byte[] {1, 2, 3}).readInt()).getMessage());
        assertEquals("TEST: payload too short", assertThrows(MalformedMessageException.class,
            () -> new PayloadReader("TEST", new byte[] {1, 2, 3, 4, 5, 6, 7}).readLong()).getMessage());
        assertEquals("TEST: boolean byte 2 is neither 0 nor 1", assertThrows(MalformedMessageException.class,
            () -> new PayloadReader("TEST", new byte[] {2}).readBoolean()).getMessage());
        assertEquals("TEST: bytes count 4 does not fit the 3 payload bytes left",
            assertThrows(MalformedMessageException.class,
                () -> new PayloadReader("TEST", new byte[] {0, 0, 0, 4, 1, 2, 3}).readByteArray("bytes")).getMessage());
        assertEquals("TEST: 2 unexpected trailing payload bytes", assertThrows(MalformedMessageException.class,
            () -> new PayloadReader("TEST", new byte[] {1, 2}).expectEnd()).getMessage());
    }
}
