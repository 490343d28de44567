package io.taper.protocol;

/** STATS, agent → server: asks for the server's statistics. */
public record StatsRequest() implements Message {

    @Override
    public byte type() {
        return MessageType.STATS;
    }
}
