package io.taper.result;

/** A file that is not a {@code result.json} this version of Taper can read: its message says why and which file. */
public final class ResultFormatException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public ResultFormatException(String message) {
        super(message);
    }
}
