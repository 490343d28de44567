package io.taper.controller.it;

import io.taper.controller.RetransformLock;
import io.taper.controller.it.target.Other;
import io.taper.controller.it.target.Work;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two threads retransform one class each through {@link RetransformLock}; a transformer counts how many of their
 * transforms are in flight at once. The transform of Work waits until Other's has begun (a second at most): calls that
 * may overlap then overlap every time, and calls that may not never do.
 */
final class LockScenario {

    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private volatile CountDownLatch otherBegan = new CountDownLatch(1);

    private LockScenario() {
    }

    static void run(Instrumentation inst) throws Exception {
        LockScenario s = new LockScenario();
        Work.a();
        Other.c();
        inst.addTransformer(s.new Recorder(), true);
        Harness.out("exclusive.maxInFlight", s.round(inst, false, false));
        Harness.out("inPhase.maxInFlight", s.round(inst, true, true));
        Harness.out("mixed.maxInFlight", s.round(inst, true, false));
    }

    /** Work by the first thread, Other by the second (each in phase or exclusive); the most transforms at once. */
    private int round(Instrumentation inst, boolean workInPhase, boolean otherInPhase) throws Exception {
        maxInFlight.set(0);
        otherBegan = new CountDownLatch(1);
        Throwable[] failure = new Throwable[2];
        Thread first = new Thread(() -> call(inst, Work.class, workInPhase, failure, 0), "lock-work");
        first.start();
        while (inFlight.get() == 0) {       // Work's transform runs, holding its lock
            Thread.sleep(1);
        }
        Thread second = new Thread(() -> call(inst, Other.class, otherInPhase, failure, 1), "lock-other");
        second.start();
        first.join();
        second.join();
        if (failure[0] != null || failure[1] != null) {
            throw new IllegalStateException(failure[0] + " / " + failure[1]);
        }
        return maxInFlight.get();
    }

    private static void call(Instrumentation inst, Class<?> c, boolean inPhase, Throwable[] failure, int i) {
        try {
            if (inPhase) {
                RetransformLock.inPhase(inst, new Class<?>[] {c});
            } else {
                RetransformLock.exclusive(inst, new Class<?>[] {c});
            }
        } catch (Throwable e) {
            failure[i] = e;
        }
    }

    private final class Recorder implements ClassFileTransformer {
        @Override
        public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd,
                                byte[] bytes) {
            if (redefined != Work.class && redefined != Other.class) {
                return null;
            }
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            try {
                if (redefined == Other.class) {
                    otherBegan.countDown();
                } else {
                    otherBegan.await(1, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
            return null;
        }
    }
}
