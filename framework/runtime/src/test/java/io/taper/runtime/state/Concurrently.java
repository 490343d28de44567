package io.taper.runtime.state;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/** Runs a body on N threads released together, and rethrows the first failure. */
final class Concurrently {

    private Concurrently() {
    }

    static void run(int threads, IntConsumer body) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    body.accept(id);
                } catch (Throwable e) {
                    synchronized (failure) {
                        if (failure[0] == null) {
                            failure[0] = e;
                        }
                    }
                }
            }, "worker-" + t);
            ts.add(th);
            th.start();
        }
        start.countDown();
        for (Thread th : ts) {
            th.join(TimeUnit.SECONDS.toMillis(60));
            if (th.isAlive()) {
                throw new AssertionError(th.getName() + " did not finish within 60 s (deadlock?)");
            }
        }
        if (failure[0] != null) {
            throw new AssertionError("a worker failed", failure[0]);
        }
    }
}
