package io.taper.examples.stress;

import java.util.concurrent.CountDownLatch;

/**
 * N threads each format a few strings ({@code String.format}, {@code Integer.toString}) and then wait while the main
 * thread collects garbage: many stacks full of freshly woven JDK frames at every collection.
 * Usage: {@code ManyThreadsFormat THREADS}.
 */
public final class ManyThreadsFormat {

    private ManyThreadsFormat() {
    }

    public static void main(String[] args) throws InterruptedException {
        int n = Integer.parseInt(args[0]);
        CountDownLatch formatted = new CountDownLatch(n);
        CountDownLatch go = new CountDownLatch(1);
        Thread[] threads = new Thread[n];
        long[] lengths = new long[n];
        for (int i = 0; i < n; i++) {
            int k = i;
            threads[i] = new Thread(() -> {
                String s = String.format("t%d-%s-%.2f", k, Integer.toString(k * 7), k / 3.0);
                lengths[k] = s.length() + Integer.toString(k).length();
                formatted.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            threads[i].start();
        }
        formatted.await();
        long[] junk = new long[0];
        for (int r = 0; r < 10; r++) {
            junk = new long[1 << 18];
            System.gc();
        }
        go.countDown();
        long total = 0;
        for (int i = 0; i < n; i++) {
            threads[i].join();
            total += lengths[i];
        }
        System.out.println("threads " + n + " total " + total + " " + junk.length);
    }
}
