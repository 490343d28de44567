package io.taper.protocol;

/** The first four bytes of a frame were not {@link Frames#MAGIC}: the peer does not speak this protocol. */
public final class BadMagicException extends FrameException {

    private final int magic;

    public BadMagicException(int magic) {
        super(String.format("bad frame magic 0x%08x (expected 0x%08x \"TAPR\")", magic, Frames.MAGIC));
        this.magic = magic;
    }

    public int magic() {
        return magic;
    }
}
