package io.taper.controller.it.target;

/** Woven with unverifiable code when its site is switched to the "bad" variant. */
public final class Broken {

    private static int sink;

    private Broken() {
    }

    public static void d() {
        sink++;
    }
}
