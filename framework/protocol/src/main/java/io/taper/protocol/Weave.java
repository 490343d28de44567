package io.taper.protocol;

import java.util.Map;

/**
 * WEAVE, agent → server: one class to weave with the deployment the agent holds for it.
 *
 * @param requestId     echoed in the WOVEN answer
 * @param loaderTag     the agent's tag of the defining loader (0 = bootstrap)
 * @param className     internal name, "" if the JVM did not give one
 * @param retransform   true when the JVM retransforms an already loaded class
 * @param disabledSites sites to list but not weave
 * @param variants      site id → variant to weave (only sites that have variants)
 * @param classBytes    the original class file
 * @param startup       true for a class of the agent's start-up pass (the classes loaded before it): the server
 *                      keeps the bootstrap loader's ones, to weave them ahead of the next run's pass
 */
public record Weave(int requestId, int loaderTag, String className, boolean retransform, int[] disabledSites,
                    Map<Integer, String> variants, byte[] classBytes, boolean startup) implements Message {

    /** A request outside the start-up pass. */
    public Weave(int requestId, int loaderTag, String className, boolean retransform, int[] disabledSites,
                 Map<Integer, String> variants, byte[] classBytes) {
        this(requestId, loaderTag, className, retransform, disabledSites, variants, classBytes, false);
    }

    @Override
    public byte type() {
        return MessageType.WEAVE;
    }
}
