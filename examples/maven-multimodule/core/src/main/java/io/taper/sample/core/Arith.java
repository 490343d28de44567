package io.taper.sample.core;

/** Integer arithmetic with branches that the tests cover in part. */
public final class Arith {

    private Arith() {
    }

    public static long gcd(long a, long b) {
        a = Math.abs(a);
        b = Math.abs(b);
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    public static long fib(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative: " + n);
        }
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    public static String sign(int x) {
        if (x > 0) {
            return "positive";
        } else if (x < 0) {
            return "negative";
        }
        return "zero";
    }

    public static boolean isPrime(int n) {
        if (n < 2) {
            return false;
        }
        for (int d = 2; (long) d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }

    /** Not called by any test. */
    public static int clamp(int x, int lo, int hi) {
        return x < lo ? lo : x > hi ? hi : x;
    }
}
