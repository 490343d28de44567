package io.taper.protocol;

/** A frame header announced a negative payload length or one above {@link Frames#MAX_PAYLOAD}. */
public final class OversizedFrameException extends FrameException {

    private final long length;

    public OversizedFrameException(long length) {
        super("frame payload length " + length + " outside 0.." + Frames.MAX_PAYLOAD);
        this.length = length;
    }

    public long length() {
        return length;
    }
}
