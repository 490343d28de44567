package io.taper.protocol;

import java.util.Map;

/**
 * SESSION_OPEN, agent → shared server, the first message on a connection to a shared server: opens a session for one
 * JVM, with its own site ids, weaver and results, served on a socket of its own ({@link SessionOpened}). The
 * connection stays open for the JVM's life; its end (a BYE, or the JVM gone) closes the session.
 *
 * @param token  the shared server's token (from its directory, which only its user can read)
 * @param pid    the JVM's process id
 * @param config the JVM's configuration ({@link TaperConfig#asMap()}), without socket and token
 */
public record SessionOpen(String token, long pid, Map<String, String> config) implements Message {

    @Override
    public byte type() {
        return MessageType.SESSION_OPEN;
    }
}
