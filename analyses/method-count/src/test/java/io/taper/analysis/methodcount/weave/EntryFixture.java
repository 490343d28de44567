package io.taper.analysis.methodcount.weave;

/** A program whose method entries the test counts by hand; woven and run in a loader of its own. */
public class EntryFixture extends Object {

    private final long seed;

    EntryFixture(long seed) {
        this.seed = seed;
    }

    /** Its first instruction is a loop's head. */
    static long spin(long s, int n) {
        do {
            s = s * 31 + n;
        } while (--n > 0);
        return s;
    }

    static long twice(long a, double b) {
        return a + (long) b;
    }

    long wide(long a, double b, int[] c, String d) {
        return a + (long) b + c.length + d.length();
    }

    public static long run(int objects) {
        long total = 0;
        for (int i = 0; i < objects; i++) {
            EntryFixture f = new EntryFixture(i);
            total += spin(f.seed, 3) + twice(i, 0.5) + twice(1, 1.5) + f.wide(i, 2.5, new int[2], "x");
        }
        return total;
    }
}
