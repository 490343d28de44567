package io.taper.protocol;

import java.util.List;

/**
 * STARTUP_ANSWERS, server → agent: the answer to {@link StartupFetch}: the answers woven since the last fetch. Each
 * entry names a class of an earlier run's start-up pass, the fingerprint of the bytes that run's JVM gave its agent
 * ({@link SameClassFile#fingerprint}) and this server's answer to a WEAVE of those bytes. The agent uses an answer only
 * for a class whose bytes have that fingerprint.
 *
 * @param complete true when no answer follows (the server has woven all it kept, or has none)
 */
public record StartupAnswers(List<Answer> answers, boolean complete) implements Message {

    /**
     * One class of the bootstrap loader: its name, the fingerprint of the bytes the server wove, and the answer.
     */
    public record Answer(String className, long fingerprint, Woven answer) {
    }

    @Override
    public byte type() {
        return MessageType.STARTUP_ANSWERS;
    }
}
