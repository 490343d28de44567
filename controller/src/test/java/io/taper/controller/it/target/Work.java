package io.taper.controller.it.target;

/** Woven: one site at the entry of each method. */
public final class Work {

    private static int sink;

    private Work() {
    }

    public static void a() {
        sink++;
    }

    public static void b() {
        sink--;
    }

    /** A hot loop calling a() and b(); returns how many times it called a(). */
    public static long loop(int n) {
        long calls = 0;
        for (int i = 0; i < n; i++) {
            a();
            b();
            calls++;
        }
        return calls;
    }
}
