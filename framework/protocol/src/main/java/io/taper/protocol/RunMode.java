package io.taper.protocol;

/** The {@code mode} key: instrumentation stays as woven, or a controller removes what can no longer matter. */
public enum RunMode {
    FIXED,
    ADAPTIVE;

    /** The spelling in the properties file. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
