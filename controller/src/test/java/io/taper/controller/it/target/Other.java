package io.taper.controller.it.target;

/** A second woven class, to check that only classes with changes are retransformed. */
public final class Other {

    private static int sink;

    private Other() {
    }

    public static void c() {
        sink++;
    }
}
