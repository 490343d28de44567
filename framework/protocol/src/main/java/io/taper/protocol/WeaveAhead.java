package io.taper.protocol;

import java.util.List;

/**
 * WEAVE_AHEAD, agent → server, before the controller's {@code retransformClasses} call: weave these classes with these
 * deployments now, from the bytes this agent last sent for each ({@link WovenAhead} answers). Each entry is a
 * {@link Weave} without class bytes (its {@code classBytes} empty, {@code retransform} true): the server weaves what it
 * kept of the class, and the transformer then takes the answer instead of a round trip, so the call's pause holds no
 * weaving.
 *
 * @param requestId echoed in the answer
 * @param classes   the classes, each with the deployment its retransformation will ask for
 */
public record WeaveAhead(int requestId, List<Weave> classes) implements Message {

    @Override
    public byte type() {
        return MessageType.WEAVE_AHEAD;
    }
}
