package io.taper.e2e.fixtures;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Starts {@code args[0]} threads that all stay alive until every one of them has run and {@code args[1]} milliseconds
 * more: each calls {@link #task} once, which calls {@link #step} three times, then waits. A pool of request threads, all holding whatever
 * per-thread state they made. Prints the count of tasks run and the checksum, which depends on every call.
 */
public final class HeldThreads {

    private static final AtomicLong SUM = new AtomicLong();

    private HeldThreads() {
    }

    static long step(long x) {
        return x * 31 + 7;
    }

    static void task(int i) {
        long x = i;
        for (int k = 0; k < 3; k++) {
            x = step(x);
        }
        SUM.addAndGet(x);
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        CountDownLatch ran = new CountDownLatch(threads);
        CountDownLatch release = new CountDownLatch(1);
        Thread[] all = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            int id = i;
            all[i] = new Thread(() -> {
                task(id);
                ran.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "held-" + i);
            all[i].start();
        }
        ran.await();
        Thread.sleep(Long.parseLong(args[1]));
        release.countDown();
        for (Thread t : all) {
            t.join();
        }
        System.out.println("tasks " + threads + " sum " + SUM.get());
    }
}
