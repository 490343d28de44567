package io.taper.result;

/** The version of {@code result.json}'s shape; a reader refuses any other. */
public final class ResultFormat {

    /** Raised whenever a key is renamed, moved or changes meaning. */
    public static final int VERSION = 1;

    /** The file name of a run's result in its output directory. */
    public static final String FILE = "result.json";

    private ResultFormat() {
    }

    /**
     * Checks the {@code format} value of a result read from {@code source}.
     *
     * @throws ResultFormatException if it is missing or not {@link #VERSION}
     */
    public static void check(Object format, String source) {
        if (format == null) {
            throw new ResultFormatException(source + " has no \"format\" version: it was written by a Taper older"
                    + " than this one's format " + VERSION + "; run it again");
        }
        if (!(format instanceof Number n) || n.doubleValue() != VERSION) {
            throw new ResultFormatException(source + " is in result format " + format + "; this Taper reads format "
                    + VERSION + " only");
        }
    }
}
