package sample;

/** A class of the observed program that the test analysis instruments. */
public final class Twice {

    private Twice() {
    }

    public static int of(int x) {
        return x * 2;
    }
}
