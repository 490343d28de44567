package sample;

/** A class outside io.taper (never-woven) for the server to weave in tests. */
public class Target {

    private int calls;

    public int twice(int x) {
        calls++;
        return x * 2;
    }

    public static String greet(String who) {
        return "hello " + who;
    }

    public int calls() {
        return calls;
    }
}
