package io.taper.protocol;

/** ERROR, server → agent: the request was bad (wrong token, garbage); the connection is then closed. */
public record ErrorMessage(String message) implements Message {

    @Override
    public byte type() {
        return MessageType.ERROR;
    }
}
