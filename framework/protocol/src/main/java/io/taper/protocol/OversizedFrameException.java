package io.taper.protocol;

/** A frame header announced a negative payload length or one above the reader's limit ({@link Frames#MAX_PAYLOAD} at most). */
public final class OversizedFrameException extends FrameException {

    private final long length;

    public OversizedFrameException(long length) {
        this(length, Frames.MAX_PAYLOAD);
    }

    /** @param limit the largest payload the reader accepted here */
    public OversizedFrameException(long length, int limit) {
        super("frame payload length " + length + " outside 0.." + limit);
        this.length = length;
    }

    public long length() {
        return length;
    }
}
