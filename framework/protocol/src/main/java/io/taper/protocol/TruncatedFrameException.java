package io.taper.protocol;

/** The stream ended inside a frame (in its header or before the announced payload length). */
public final class TruncatedFrameException extends FrameException {

    public TruncatedFrameException(String where, long got, long expected) {
        super("stream ended inside a frame " + where + ": got " + got + " of " + expected + " bytes");
    }
}
