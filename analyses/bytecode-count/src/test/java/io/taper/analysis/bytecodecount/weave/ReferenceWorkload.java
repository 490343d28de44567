package io.taper.analysis.bytecodecount.weave;

import java.util.ArrayList;
import java.util.List;

/**
 * A small stack-machine interpreter and some string, array and exception work: the program whose counts the block
 * counters must reproduce exactly, as a per-instruction count takes them.
 */
public final class ReferenceWorkload {

    private final int[] stack = new int[64];
    private int sp;
    private long checksum;

    public static long run() {
        ReferenceWorkload w = new ReferenceWorkload();
        int[] program = {1, 7, 1, 5, 2, 1, 3, 3, 4, 1, 0, 5, 6};
        for (int i = 0; i < 200; i++) {
            w.checksum += w.execute(program, i);
            w.checksum += w.text(i);
            w.checksum += w.guarded(i % 7);
            w.checksum += w.recurse(i % 12);
            w.checksum += w.label(i % 3 == 0, i % 2 == 0).length();
        }
        return w.checksum;
    }

    int execute(int[] code, int seed) {
        sp = 0;
        int pc = 0;
        while (pc < code.length) {
            switch (code[pc++]) {
                case 1 -> push(code[pc++] + seed);
                case 2 -> push(pop() + pop());
                case 3 -> {
                    int n = code[pc++];
                    int x = pop();
                    for (int k = 0; k < n; k++) {
                        x = x * 31 + k;
                    }
                    push(x);
                }
                case 4 -> push(pop() ^ 0x5bd1e995);
                case 5 -> {
                    int d = code[pc++] - seed % 7;   // zero now and then
                    try {
                        push(pop() / d);
                    } catch (ArithmeticException e) {
                        push(-1);
                    }
                }
                default -> {
                    return sp > 0 ? pop() : 0;
                }
            }
        }
        return sp;
    }

    private void push(int v) {
        stack[sp++] = v;
    }

    private int pop() {
        return stack[--sp];
    }

    int text(int i) {
        StringBuilder sb = new StringBuilder();
        List<String> parts = new ArrayList<>();
        for (int k = 0; k < i % 5 + 1; k++) {
            parts.add("p" + k);
        }
        for (String p : parts) {
            sb.append(p.length() > 1 ? p.charAt(1) : '?');
        }
        return sb.length();
    }

    int guarded(int k) {
        try {
            return check(k);
        } catch (IllegalStateException e) {
            return e.getMessage().length();
        } finally {
            checksum++;
        }
    }

    private static int check(int k) {
        if (k % 3 == 0) {
            throw new IllegalStateException("multiple of three: " + k);
        }
        Object o = k % 2 == 0 ? "even" : Integer.valueOf(k);
        return o instanceof String s ? s.length() : (Integer) o;
    }

    /**
     * A NEW that starts a block (the jump target after the if) with a jump between it and its constructor: the
     * frames there name the uninitialised object by the NEW's label.
     */
    String label(boolean early, boolean a) {
        if (early) {
            return "early";
        }
        return new StringBuilder(a ? "a" : "b").append('!').toString();
    }

    int recurse(int n) {
        return n <= 1 ? n : recurse(n - 1) + recurse(n - 2);
    }
}
