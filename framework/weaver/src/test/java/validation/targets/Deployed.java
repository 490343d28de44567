package validation.targets;

/** Retransformed with changing deployments (sites disabled, variants switched). */
public class Deployed {

    // instance fields, for the shadow fields a first load adds and every retransformation must add again
    private long seen;
    protected String note;

    public static void run() {
        alpha();
        beta();
    }

    static void alpha() {
    }

    static void beta() {
    }
}
