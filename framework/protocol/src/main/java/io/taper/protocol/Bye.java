package io.taper.protocol;

/** BYE, agent → server: the agent closes this connection; the server closes its end without an answer. */
public record Bye() implements Message {

    @Override
    public byte type() {
        return MessageType.BYE;
    }
}
