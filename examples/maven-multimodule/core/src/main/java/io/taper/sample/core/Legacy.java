package io.taper.sample.core;

/** No test loads this class: both tools' reports must still list it, with nothing covered. */
public final class Legacy {

    private Legacy() {
    }

    public static int twice(int x) {
        return x > 0 ? 2 * x : 0;
    }
}
