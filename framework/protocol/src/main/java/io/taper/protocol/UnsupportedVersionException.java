package io.taper.protocol;

/** The frame's protocol version is not {@link Frames#VERSION}: agent and server come from different builds. */
public final class UnsupportedVersionException extends FrameException {

    private final int version;

    public UnsupportedVersionException(int version) {
        super("unsupported protocol version " + version + " (this side speaks " + Frames.VERSION + ")");
        this.version = version;
    }

    public int version() {
        return version;
    }
}
