package io.taper.protocol;

/** The status byte of a WOVEN answer. */
public enum WeaveStatus {
    /** New bytes follow. */
    WOVEN,
    /** Nothing to weave (out of scope, never-woven, or every site disabled): load the original. */
    UNCHANGED,
    /** The weaver could not parse or weave the class: load the original, count the failure. */
    FAILED;

    public byte code() {
        return (byte) ordinal();
    }

    /** @return the status, or null for a byte that is not one */
    public static WeaveStatus of(byte code) {
        WeaveStatus[] all = values();
        return code >= 0 && code < all.length ? all[code] : null;
    }
}
