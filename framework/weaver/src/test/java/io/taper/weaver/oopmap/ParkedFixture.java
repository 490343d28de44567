package io.taper.weaver.oopmap;

import java.util.concurrent.CountDownLatch;

/**
 * The shape of the method that crashed the JVM (woven {@code ServiceLoader.loadProvider}): its deepest operand stack
 * lies past exception handlers, and ASM's frame-trusting scan of frameless code, which reads the code as one straight
 * line, misses the exception each handler starts with: one slot short per handler. Threads park inside it
 * while the main thread collects garbage, so the collector needs its oop map.
 */
public final class ParkedFixture {

    /** What the deep stack builds. */
    public record Six(Object a, Object b, Object c, Object d, Object e, Object f) {
    }

    private ParkedFixture() {
    }

    public static Object parked(boolean skip, Object a, Object b, CountDownLatch parked, CountDownLatch release)
        throws InterruptedException {
        Object x = null;
        try {
            x = String.valueOf(a);
        } catch (RuntimeException e) {
            fail("no text of " + e);
        }
        Object y = null;
        try {
            y = String.valueOf(b);
        } catch (RuntimeException e) {
            fail("no text of " + e);
        }
        if (skip) {
            fail("skipped");
        }
        parked.countDown();
        release.await();
        return new Six(x, y, a, b, String.valueOf(a), String.valueOf(b));
    }

    private static void fail(String why) {
        throw new IllegalStateException(why);
    }

    /** Parks {@code threads} threads in {@link #parked}, collects garbage five times, releases them. */
    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        CountDownLatch parked = new CountDownLatch(threads);
        CountDownLatch release = new CountDownLatch(1);
        Thread[] ts = new Thread[threads];
        Object[] results = new Object[threads];
        for (int i = 0; i < threads; i++) {
            int k = i;
            ts[i] = new Thread(() -> {
                try {
                    results[k] = parked(false, "a" + k, "b" + k, parked, release);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            ts[i].start();
        }
        parked.await();
        for (int i = 0; i < 5; i++) {
            System.gc();
        }
        release.countDown();
        int done = 0;
        for (int i = 0; i < threads; i++) {
            ts[i].join();
            done += results[i] instanceof Six ? 1 : 0;
        }
        System.out.println("returned=" + done);
    }
}
