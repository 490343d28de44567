package io.taper.protocol;

/**
 * STARTUP_FETCH, agent → server, before its start-up pass: asks for the answers the server wove ahead for the classes
 * loaded before the agent ({@link StartupAnswers}).
 *
 * @param maxBytes the most class bytes (requests' and answers' together) the agent takes in the answer
 * @param waitMillis how long the server may wait for answers it is still weaving
 */
public record StartupFetch(long maxBytes, int waitMillis) implements Message {

    @Override
    public byte type() {
        return MessageType.STARTUP_FETCH;
    }
}
