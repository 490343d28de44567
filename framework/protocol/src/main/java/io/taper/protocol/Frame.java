package io.taper.protocol;

/**
 * One frame as read from the wire: its message type and its payload (already length-checked).
 *
 * @param type    the message type byte ({@link MessageType})
 * @param payload the payload bytes, at most {@link Frames#MAX_PAYLOAD}
 */
public record Frame(byte type, byte[] payload) {
}
