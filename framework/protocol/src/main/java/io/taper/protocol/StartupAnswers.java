package io.taper.protocol;

import java.util.List;

/**
 * STARTUP_ANSWERS, server → agent: the answer to {@link StartupFetch}. Each entry is a start-up request of an earlier
 * run (the class bytes that run's JVM gave its agent) and this server's answer to it, woven as a WEAVE with those
 * bytes would be. The agent uses an answer only for a class whose bytes are exactly the request's.
 */
public record StartupAnswers(List<Answer> answers) implements Message {

    /** One class: the request the server answered, and its answer. */
    public record Answer(Weave request, Woven answer) {
    }

    @Override
    public byte type() {
        return MessageType.STARTUP_ANSWERS;
    }
}
