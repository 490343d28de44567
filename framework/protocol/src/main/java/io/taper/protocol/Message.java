package io.taper.protocol;

/** A decoded protocol message; {@link Messages} encodes and decodes them. */
public sealed interface Message permits Hello, HelloOk, Weave, Woven, ErrorMessage, StatsRequest, StatsReply, Bye,
        StartupFetch, StartupAnswers, WeaveAhead, WovenAhead, SessionOpen, SessionOpened {

    /** The frame type byte ({@link MessageType}). */
    byte type();
}
