package io.taper.protocol;

import java.util.List;

/**
 * WOVEN_AHEAD, server → agent: the answer to {@link WeaveAhead}, one entry per class the server still had the bytes of
 * (the others are left out and take a round trip). The agent uses an answer only when the bytes the JVM hands its
 * transformer have the entry's fingerprint ({@link SameClassFile#fingerprint}) and the class's deployment is still the
 * one asked for.
 */
public record WovenAhead(int requestId, List<Answer> answers) implements Message {

    /** One class: the loader tag and name it was asked by, the fingerprint of the bytes woven, the answer. */
    public record Answer(int loaderTag, String className, long fingerprint, Woven answer) {
    }

    @Override
    public byte type() {
        return MessageType.WOVEN_AHEAD;
    }
}
