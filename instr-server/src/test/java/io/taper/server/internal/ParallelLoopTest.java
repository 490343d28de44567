package io.taper.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class ParallelLoopTest {

    @Test
    void everyIndexRunsOnceOnTheCallerAndAtMostThreadsMinusOneHelpers() throws InterruptedException {
        AtomicIntegerArray runs = new AtomicIntegerArray(1000);
        List<Runnable> lent = new CopyOnWriteArrayList<>();
        ParallelLoop.run(1000, 3, r -> {
            lent.add(r);
            new Thread(r).start();
        }, runs::incrementAndGet);
        for (int i = 0; i < 1000; i++) {
            assertEquals(1, runs.get(i), "index " + i);
        }
        assertEquals(2, lent.size());
    }

    @Test
    void oneIndexNeedsNoHelper() throws InterruptedException {
        int[] ran = new int[1];
        ParallelLoop.run(1, 2, r -> {
            throw new AssertionError("no helper for one index");
        }, i -> ran[0]++);
        assertEquals(1, ran[0]);
        ParallelLoop.run(0, 2, r -> {
            throw new AssertionError("no helper for none");
        }, i -> ran[0]++);
        assertEquals(1, ran[0]);
    }
}
