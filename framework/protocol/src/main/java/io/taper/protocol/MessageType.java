package io.taper.protocol;

/** The message type byte of a frame (ARCHITECTURE.md, "Wire protocol"). */
public final class MessageType {

    public static final byte HELLO = 1;
    public static final byte HELLO_OK = 2;
    public static final byte WEAVE = 3;
    public static final byte WOVEN = 4;
    public static final byte ERROR = 5;
    public static final byte STATS = 6;
    public static final byte STATS_REPLY = 7;
    public static final byte BYE = 8;
    public static final byte STARTUP_FETCH = 9;
    public static final byte STARTUP_ANSWERS = 10;
    public static final byte WEAVE_AHEAD = 11;
    public static final byte WOVEN_AHEAD = 12;
    public static final byte SESSION_OPEN = 13;
    public static final byte SESSION_OPENED = 14;

    private static final String[] NAMES = {
        null, "HELLO", "HELLO_OK", "WEAVE", "WOVEN", "ERROR", "STATS", "STATS_REPLY", "BYE", "STARTUP_FETCH",
        "STARTUP_ANSWERS", "WEAVE_AHEAD", "WOVEN_AHEAD", "SESSION_OPEN", "SESSION_OPENED",
    };

    private MessageType() {
    }

    /** The type's name, or "UNKNOWN(n)" for a byte that is not a message type. */
    public static String name(byte type) {
        return type > 0 && type < NAMES.length ? NAMES[type] : "UNKNOWN(" + type + ")";
    }
}
