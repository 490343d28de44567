package io.taper.protocol;

/** STATS_REPLY, server → agent: the server's statistics as JSON (sent as UTF-8 bytes, not a UTF field). */
public record StatsReply(String json) implements Message {

    @Override
    public byte type() {
        return MessageType.STATS_REPLY;
    }
}
