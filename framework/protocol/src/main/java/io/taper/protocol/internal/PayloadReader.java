package io.taper.protocol.internal;

import io.taper.protocol.MalformedMessageException;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the fields of one payload and turns every way a payload can be wrong (short, trailing bytes,
 * a count larger than what is left, bad modified UTF-8) into a {@link MalformedMessageException}.
 * Counts are checked against the bytes left before anything is allocated.
 *
 * <p>Reads the array directly, in {@link java.io.DataInput}'s formats: the agent decodes thousands of answers in a
 * JVM that is still interpreting its own code, and a string of ASCII characters, nearly every one in a class's sites,
 * becomes a string without decoding a character at a time.
 */
public final class PayloadReader {

    private final String what;
    private final byte[] payload;
    private int at;

    public PayloadReader(String what, byte[] payload) {
        this.what = what;
        this.payload = payload;
    }

    private int left() {
        return payload.length - at;
    }

    private void need(int n) throws MalformedMessageException {
        if (left() < n) {
            throw shortPayload();
        }
    }

    public int readInt() throws MalformedMessageException {
        need(4);
        byte[] b = payload;
        int i = at;
        at = i + 4;
        return (b[i] & 0xff) << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8 | (b[i + 3] & 0xff);
    }

    public long readLong() throws MalformedMessageException {
        long high = readInt();
        return high << 32 | (readInt() & 0xffffffffL);
    }

    public byte readByte() throws MalformedMessageException {
        need(1);
        return payload[at++];
    }

    public boolean readBoolean() throws MalformedMessageException {
        byte b = readByte();
        if (b != 0 && b != 1) {
            throw new MalformedMessageException(what + ": boolean byte " + b + " is neither 0 nor 1");
        }
        return b == 1;
    }

    /** A string as {@link java.io.DataOutput#writeUTF} writes it: an unsigned 16-bit length, then modified UTF-8. */
    public String readUtf() throws MalformedMessageException {
        need(2);
        int start = at;
        int n = (payload[start] & 0xff) << 8 | (payload[start + 1] & 0xff);
        need(2 + n);
        int from = start + 2;
        int end = from + n;
        boolean ascii = true;
        for (int i = from; i < end; i++) {
            byte c = payload[i];
            if (c <= 0) {            // a byte of a longer sequence (high bit set), or a zero byte: decoded as below
                ascii = false;
                break;
            }
        }
        at = end;
        if (ascii) {
            return new String(payload, from, n, StandardCharsets.ISO_8859_1);
        }
        try {
            return new DataInputStream(new ByteArrayInputStream(payload, start, 2 + n)).readUTF();
        } catch (UTFDataFormatException e) {
            throw new MalformedMessageException(what + ": bad modified UTF-8 string (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw shortPayload();
        }
    }

    /**
     * Reads an element count and checks that {@code count * minBytesEach} bytes are still there, so a
     * garbage count cannot make the caller allocate.
     */
    public int readCount(String field, int minBytesEach) throws MalformedMessageException {
        int n = readInt();
        if (n < 0 || (long) n * minBytesEach > left()) {
            throw new MalformedMessageException(what + ": " + field + " count " + n + " does not fit the "
                + left() + " payload bytes left");
        }
        return n;
    }

    /** An int length followed by that many bytes. */
    public byte[] readByteArray(String field) throws MalformedMessageException {
        int n = readCount(field, 1);
        byte[] b = Arrays.copyOfRange(payload, at, at + n);
        at += n;
        return b;
    }

    /** The rest of the payload. */
    public byte[] readRemaining() {
        byte[] b = Arrays.copyOfRange(payload, at, payload.length);
        at = payload.length;
        return b;
    }

    /** Fails if anything is left: a longer payload than the type defines means the peer is confused. */
    public void expectEnd() throws MalformedMessageException {
        int left = left();
        if (left != 0) {
            throw new MalformedMessageException(what + ": " + left + " unexpected trailing payload bytes");
        }
    }

    private MalformedMessageException shortPayload() {
        return new MalformedMessageException(what + ": payload too short");
    }
}
