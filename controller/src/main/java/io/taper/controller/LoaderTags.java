package io.taper.controller;

/**
 * The agent's numbering of class loaders (the {@code loaderTag} of WEAVE requests and site tables), so
 * the controller can find the {@code Class} objects of the classes it must retransform.
 */
@FunctionalInterface
public interface LoaderTags {

    /** The tag the agent uses for this loader (0 for the bootstrap loader, {@code null}). */
    int tagOf(ClassLoader loader);
}
