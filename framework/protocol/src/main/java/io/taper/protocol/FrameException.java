package io.taper.protocol;

import java.io.IOException;

/**
 * A frame that violates the framing rules. The reader cannot resynchronise after one of these, so the
 * connection that produced it must be closed.
 */
public abstract class FrameException extends IOException {

    protected FrameException(String message) {
        super(message);
    }
}
