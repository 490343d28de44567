package io.taper.controller;

import java.util.Objects;

/**
 * A class as the agent names it: the loader's tag (0 = bootstrap) and the internal class name.
 *
 * <p>{@code equals} and {@code hashCode} are written out: a record's own are bootstrapped through
 * {@code java.lang.invoke} at their first call, which premain makes (some 15 ms of every run's start-up).
 */
public record ClassKey(int loaderTag, String internalName) {

    @Override
    public boolean equals(Object o) {
        return o instanceof ClassKey k && k.loaderTag == loaderTag && Objects.equals(k.internalName, internalName);
    }

    @Override
    public int hashCode() {
        return 31 * loaderTag + Objects.hashCode(internalName);
    }

    @Override
    public String toString() {
        return loaderTag + "/" + internalName;
    }
}
