package io.taper.launcher.merge;

/** An input that cannot be merged, or inputs that cannot be merged together: the message names the file. */
public final class MergeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MergeException(String message) {
        super(message);
    }
}
