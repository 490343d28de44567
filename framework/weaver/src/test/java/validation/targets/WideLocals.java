package validation.targets;

/** long and double arguments, locals and operand-stack values (two slots each). */
public class WideLocals {

    static double mix(long a, double b, int c, long d) {
        long sum = a + d;
        double prod = b * c;
        return sum + prod;
    }

    public static void run() {
        mix(1L << 40, 2.5, 3, 7L);
    }
}
