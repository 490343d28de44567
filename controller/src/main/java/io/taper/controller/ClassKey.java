package io.taper.controller;

/** A class as the agent names it: the loader's tag (0 = bootstrap) and the internal class name. */
public record ClassKey(int loaderTag, String internalName) {

    @Override
    public String toString() {
        return loaderTag + "/" + internalName;
    }
}
