package io.taper.server.internal;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/** One loop over indexes shared by the calling thread and helpers: each index taken once, in order of taking. */
final class ParallelLoop {

    private ParallelLoop() {
    }

    /**
     * Runs {@code body} for every index below {@code n} on the calling thread and up to {@code threads - 1} helpers
     * from {@code helpers}; returns when every index is done.
     */
    static void run(int n, int threads, Executor helpers, IntConsumer body) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int i; (i = next.getAndIncrement()) < n; ) {
                body.accept(i);
            }
        };
        int helping = Math.max(0, Math.min(threads, n) - 1);
        CountDownLatch done = new CountDownLatch(helping);
        for (int h = 0; h < helping; h++) {
            helpers.execute(() -> {
                try {
                    worker.run();
                } finally {
                    done.countDown();
                }
            });
        }
        worker.run();
        done.await();
    }
}
