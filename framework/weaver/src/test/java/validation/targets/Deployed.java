package validation.targets;

/** Retransformed with changing deployments (sites disabled, variants switched). */
public class Deployed {

    public static void run() {
        alpha();
        beta();
    }

    static void alpha() {
    }

    static void beta() {
    }
}
