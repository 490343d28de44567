package io.taper.protocol.internal;

import io.taper.protocol.MalformedMessageException;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;

/**
 * Reads the fields of one payload and turns every way a payload can be wrong (short, trailing bytes,
 * a count larger than what is left, bad modified UTF-8) into a {@link MalformedMessageException}.
 * Counts are checked against the bytes left before anything is allocated.
 */
public final class PayloadReader {

    private final String what;
    private final ByteArrayInputStream bytes;
    private final DataInputStream in;

    public PayloadReader(String what, byte[] payload) {
        this.what = what;
        this.bytes = new ByteArrayInputStream(payload);
        this.in = new DataInputStream(bytes);
    }

    public int readInt() throws MalformedMessageException {
        try {
            return in.readInt();
        } catch (IOException e) {
            throw shortPayload();
        }
    }

    public long readLong() throws MalformedMessageException {
        try {
            return in.readLong();
        } catch (IOException e) {
            throw shortPayload();
        }
    }

    public byte readByte() throws MalformedMessageException {
        try {
            return in.readByte();
        } catch (IOException e) {
            throw shortPayload();
        }
    }

    public boolean readBoolean() throws MalformedMessageException {
        byte b = readByte();
        if (b != 0 && b != 1) {
            throw new MalformedMessageException(what + ": boolean byte " + b + " is neither 0 nor 1");
        }
        return b == 1;
    }

    public String readUtf() throws MalformedMessageException {
        try {
            return in.readUTF();
        } catch (EOFException e) {
            throw shortPayload();
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
        if (n < 0 || (long) n * minBytesEach > bytes.available()) {
            throw new MalformedMessageException(what + ": " + field + " count " + n + " does not fit the "
                + bytes.available() + " payload bytes left");
        }
        return n;
    }

    /** An int length followed by that many bytes. */
    public byte[] readByteArray(String field) throws MalformedMessageException {
        int n = readCount(field, 1);
        byte[] b = new byte[n];
        try {
            in.readFully(b);
        } catch (IOException e) {
            throw shortPayload();
        }
        return b;
    }

    /** The rest of the payload. */
    public byte[] readRemaining() {
        return bytes.readAllBytes();
    }

    /** Fails if anything is left: a longer payload than the type defines means the peer is confused. */
    public void expectEnd() throws MalformedMessageException {
        int left = bytes.available();
        if (left != 0) {
            throw new MalformedMessageException(what + ": " + left + " unexpected trailing payload bytes");
        }
    }

    private MalformedMessageException shortPayload() {
        return new MalformedMessageException(what + ": payload too short");
    }
}
