package io.taper.protocol.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Builds one payload with {@link DataOutputStream} encodings (big endian, modified UTF-8). */
public final class PayloadWriter {

    /** Free-text fields (messages) are cut to this many chars so they always fit a UTF field. */
    public static final int MAX_TEXT_CHARS = 8192;

    private final ByteArrayOutputStream bytes;
    private final DataOutputStream out;

    public PayloadWriter(int expectedSize) {
        this.bytes = new ByteArrayOutputStream(expectedSize);
        this.out = new DataOutputStream(bytes);
    }

    public PayloadWriter writeInt(int v) {
        try {
            out.writeInt(v);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream never throws
        }
        return this;
    }

    public PayloadWriter writeLong(long v) {
        try {
            out.writeLong(v);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public PayloadWriter writeByte(int v) {
        try {
            out.writeByte(v);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public PayloadWriter writeBoolean(boolean v) {
        return writeByte(v ? 1 : 0);
    }

    /**
     * A name (class, method, descriptor, path, token). These come from class files or the file system
     * and always fit; one that does not is a bug, reported as IllegalArgumentException.
     */
    public PayloadWriter writeUtf(String s) {
        try {
            out.writeUTF(s);
        } catch (IOException e) {
            throw new IllegalArgumentException("string does not fit a UTF field: " + s.length() + " chars", e);
        }
        return this;
    }

    /** A free-text message, cut to {@link #MAX_TEXT_CHARS} (null is written as ""). */
    public PayloadWriter writeText(String s) {
        String t = s == null ? "" : s;
        return writeUtf(t.length() > MAX_TEXT_CHARS ? t.substring(0, MAX_TEXT_CHARS) + "..." : t);
    }

    /** An int length followed by the bytes. */
    public PayloadWriter writeByteArray(byte[] b) {
        writeInt(b.length);
        return writeRaw(b);
    }

    public PayloadWriter writeRaw(byte[] b) {
        bytes.write(b, 0, b.length);
        return this;
    }

    public byte[] toByteArray() {
        return bytes.toByteArray();
    }
}
