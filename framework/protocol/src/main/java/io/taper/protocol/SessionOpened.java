package io.taper.protocol;

/**
 * SESSION_OPENED, shared server → agent: the session's socket and token, for the agent's usual HELLO and WEAVEs.
 *
 * @param socket   the session's Unix domain socket
 * @param token    the session's token
 * @param serverPid the shared server's process id
 */
public record SessionOpened(String socket, String token, long serverPid) implements Message {

    @Override
    public byte type() {
        return MessageType.SESSION_OPENED;
    }
}
