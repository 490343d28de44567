package io.taper.runtime.state;

/**
 * Runs woven counting code's shapes in hot loops that C2 compiles, on a JVM with the runtime on the boot class path
 * (where the JIT honours {@code @Stable}), and prints each loop's count against the calls it made.
 */
public final class CompiledCountsFixture {

    private static final int ROUNDS = 300;
    private static final int CALLS = 20_000;

    private CompiledCountsFixture() {
    }

    /** An entry counter's call, as method-count weaves it. */
    static int entry(int x) {
        ThreadCounters.count(900, 4, 1);
        return x + 1;
    }

    /** A block counter's fetch and increments, as bytecode-count weaves them. */
    static int blocks(int x) {
        long[] c = ThreadCounters.counters(901, 4);
        c[0] = c[0] + 1;
        if ((x & 1) == 0) {
            c[2] = c[2] + 1;
            return x >> 1;
        }
        c[3] = c[3] + 1;
        return x * 3;
    }

    public static void main(String[] args) {
        long sink = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = 0; i < CALLS; i++) {
                sink += entry(i) + blocks(i);
            }
        }
        long calls = (long) ROUNDS * CALLS;
        System.out.println("calls=" + calls);
        System.out.println("entry=" + ThreadCounters.sum(900, 4)[1]);
        long[] b = ThreadCounters.sum(901, 4);
        System.out.println("blocks=" + b[0] + "," + b[2] + "," + b[3]);
        System.out.println("owned=" + ThreadCounters.figures()[5]);
        System.out.println("sink=" + (sink != 0));
    }
}
