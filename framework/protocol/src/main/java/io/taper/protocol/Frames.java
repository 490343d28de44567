package io.taper.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Frame codec: {@code int magic, short version, byte type, int length, length payload bytes}, big endian.
 *
 * <p>Reading validates the header before touching the payload, so a garbage or hostile peer can neither
 * make the reader allocate more than {@link #MAX_PAYLOAD} nor leave it waiting for a payload it announced
 * but never sends (the stream's end is reported as {@link TruncatedFrameException}).
 */
public final class Frames {

    /** "TAPR" in ASCII. */
    public static final int MAGIC = 0x54415052;
    /** 3: a WOVEN's site table names its strings once (a string table, then indices). */
    public static final short VERSION = 5;
    /** magic (4) + version (2) + type (1) + length (4). */
    public static final int HEADER_SIZE = 11;
    /** 64 MiB: far above any class file, far below what would hurt the heap of either process. */
    public static final int MAX_PAYLOAD = 64 << 20;
    /** Max payload of the first frame of a connection (a HELLO: a token and a pid). */
    public static final int MAX_HANDSHAKE_PAYLOAD = 4096;

    private Frames() {
    }

    /**
     * Reads one frame.
     *
     * @return the frame, or null if the stream ended cleanly between frames
     * @throws BadMagicException            wrong magic
     * @throws UnsupportedVersionException  wrong version
     * @throws OversizedFrameException      negative length or above {@link #MAX_PAYLOAD}
     * @throws TruncatedFrameException      the stream ended inside the header or the payload
     */
    public static Frame read(InputStream in) throws IOException {
        return read(in, MAX_PAYLOAD);
    }

    /**
     * Reads one frame whose payload may be at most {@code maxPayload} bytes: a peer that has not yet proved who
     * it is gets a small limit (see {@link #MAX_HANDSHAKE_PAYLOAD}), so it cannot make the reader wait for, or
     * hold, a large payload.
     */
    public static Frame read(InputStream in, int maxPayload) throws IOException {
        byte[] h = new byte[HEADER_SIZE];
        int n = in.readNBytes(h, 0, HEADER_SIZE);
        if (n == 0) {
            return null;
        }
        // Check the magic as soon as it is there: a peer speaking another protocol is named as such
        // even if it sent fewer bytes than a header.
        if (n >= 4 && intAt(h, 0) != MAGIC) {
            throw new BadMagicException(intAt(h, 0));
        }
        if (n < HEADER_SIZE) {
            throw new TruncatedFrameException("header", n, HEADER_SIZE);
        }
        int version = ((h[4] & 0xff) << 8) | (h[5] & 0xff);
        if (version != VERSION) {
            throw new UnsupportedVersionException(version);
        }
        byte type = h[6];
        int length = intAt(h, 7);
        int limit = Math.min(maxPayload, MAX_PAYLOAD);
        if (length < 0 || length > limit) {
            throw new OversizedFrameException(length & 0xffffffffL, limit);
        }
        // readNBytes grows its buffer with the data actually received, so a peer that announces
        // 64 MiB and sends nothing costs nothing.
        byte[] payload = in.readNBytes(length);
        if (payload.length != length) {
            throw new TruncatedFrameException("payload of " + MessageType.name(type), payload.length, length);
        }
        return new Frame(type, payload);
    }

    /** Writes one frame (header and payload in a single write where the stream allows) and flushes. */
    public static void write(OutputStream out, byte type, byte[] payload) throws IOException {
        if (payload.length > MAX_PAYLOAD) {
            throw new OversizedFrameException(payload.length);
        }
        out.write(encode(type, payload));
        out.flush();
    }

    /** The complete frame, header and payload, as one array. */
    public static byte[] encode(byte type, byte[] payload) {
        byte[] f = new byte[HEADER_SIZE + payload.length];
        putInt(f, 0, MAGIC);
        f[4] = (byte) (VERSION >>> 8);
        f[5] = (byte) VERSION;
        f[6] = type;
        putInt(f, 7, payload.length);
        System.arraycopy(payload, 0, f, HEADER_SIZE, payload.length);
        return f;
    }

    private static int intAt(byte[] b, int off) {
        return ((b[off] & 0xff) << 24) | ((b[off + 1] & 0xff) << 16) | ((b[off + 2] & 0xff) << 8) | (b[off + 3] & 0xff);
    }

    private static void putInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }
}
