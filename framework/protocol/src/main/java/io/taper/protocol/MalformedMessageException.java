package io.taper.protocol;

/**
 * A well-framed message whose type is unknown or whose payload does not decode as that type (short,
 * trailing bytes, a count larger than the payload). The frame boundaries are intact, but the peer is
 * broken, so the connection is answered with ERROR and closed.
 */
public final class MalformedMessageException extends FrameException {

    public MalformedMessageException(String message) {
        super(message);
    }
}
