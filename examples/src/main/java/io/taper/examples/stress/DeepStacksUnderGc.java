package io.taper.examples.stress;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * THREADS threads recurse deep (building trees and maps on the way down) while a collector thread forces garbage
 * collections: every collection walks long stacks of interpreted or compiled woven frames. Usage:
 * {@code DeepStacksUnderGc THREADS DEPTH}.
 */
public final class DeepStacksUnderGc {

    private DeepStacksUnderGc() {
    }

    static long descend(int depth, List<Object> keep) {
        if (depth == 0) {
            return 1;
        }
        TreeMap<Integer, String> m = new TreeMap<>();
        for (int i = 0; i < 4; i++) {
            m.put(depth * 4 + i, Integer.toHexString(depth + i));
        }
        keep.add(m);
        if (keep.size() > 64) {
            keep.subList(0, 32).clear();
        }
        long below = descend(depth - 1, keep);
        return below + m.firstKey() % 7 + m.lastEntry().getValue().length();
    }

    public static void main(String[] args) throws InterruptedException {
        int n = Integer.parseInt(args[0]);
        int depth = Integer.parseInt(args[1]);
        long[] sums = new long[n];
        Thread[] threads = new Thread[n];
        for (int t = 0; t < n; t++) {
            int k = t;
            threads[t] = new Thread(null, () -> {
                for (int r = 0; r < 5; r++) {
                    sums[k] += descend(depth, new ArrayList<>());
                }
            }, "deep-" + t, 64L << 20);
            threads[t].start();
        }
        Thread collector = new Thread(() -> {
            for (int i = 0; i < 20; i++) {
                System.gc();
                Thread.onSpinWait();
            }
        });
        collector.start();
        long total = 0;
        for (int t = 0; t < n; t++) {
            threads[t].join();
            total += sums[t];
        }
        collector.join();
        System.out.println("threads " + n + " depth " + depth + " total " + total);
    }
}
