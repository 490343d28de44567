package io.taper.protocol;

/**
 * HELLO, agent → server, the first message on every connection.
 *
 * @param token the per-run token from {@link TaperConfig#token()}
 * @param pid   the observed JVM's process id (for the server's log)
 */
public record Hello(String token, long pid) implements Message {

    @Override
    public byte type() {
        return MessageType.HELLO;
    }
}
