package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class IndexedThreadLocalTest {

    /** Counts how often the front misses and falls back to the thread-local map. */
    static final class Counting extends IndexedThreadLocal<int[]> {
        final AtomicInteger gets = new AtomicInteger();

        @Override
        protected int[] initialValue() {
            return new int[1];
        }

        @Override
        public int[] get() {
            gets.incrementAndGet();
            return super.get();
        }
    }

    @Test
    void onlyTheFirstLookupOfAThreadReachesTheMap() {
        Counting local = new Counting();
        int[] first = local.current();
        for (int i = 0; i < 1000; i++) {
            assertSame(first, local.current());
        }
        assertEquals(1, local.gets.get());
    }

    @Test
    void everyThreadHasItsOwnValueEvenWhenThreadsShareASlot() throws Exception {
        Counting local = new Counting();
        int threads = 2100;                       // more threads than slots: ids collide
        List<int[]> seen = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int[][] box = new int[2][];
            Thread t = new Thread(() -> {
                box[0] = local.current();
                box[0][0]++;
                box[1] = local.current();
            });
            t.start();
            t.join();
            assertSame(box[0], box[1]);
            assertEquals(1, box[0][0]);
            for (int[] other : seen) {
                assertNotSame(other, box[0]);
            }
            seen.add(box[0]);
        }
        assertEquals(2 * threads, local.gets.get() + threads);   // one map lookup per thread
    }

    @Test
    void setAndRemoveOnTheSameThreadAreSeenByTheFront() {
        Counting local = new Counting();
        int[] first = local.current();
        int[] replaced = {7};
        local.set(replaced);
        assertSame(replaced, local.current());
        local.remove();
        int[] fresh = local.current();
        assertNotSame(first, fresh);
        assertNotSame(replaced, fresh);
        assertEquals(0, fresh[0]);
    }
}
