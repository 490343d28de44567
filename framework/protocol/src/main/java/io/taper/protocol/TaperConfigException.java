package io.taper.protocol;

/** A missing key, an unknown key or a bad value in the run's configuration; the message names the key. */
public final class TaperConfigException extends RuntimeException {

    private final String key;

    public TaperConfigException(String key, String message) {
        super(message);
        this.key = key;
    }

    /** The offending key. */
    public String key() {
        return key;
    }
}
