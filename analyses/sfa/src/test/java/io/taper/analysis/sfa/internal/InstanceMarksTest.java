package io.taper.analysis.sfa.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class InstanceMarksTest {

    private final InstanceMarks marks = new InstanceMarks();

    @Test
    void marksArePerObjectAndMember() {
        Object a = new Object();
        Object b = new Object();
        marks.mark(a, 3);
        assertTrue(marks.isMarked(a, 3));
        assertFalse(marks.isMarked(a, 4));
        assertFalse(marks.isMarked(b, 3));
        marks.mark(a, 4);
        marks.mark(a, 9);
        marks.mark(a, 4);
        assertTrue(marks.isMarked(a, 3));
        assertTrue(marks.isMarked(a, 4));
        assertTrue(marks.isMarked(a, 9));
        assertFalse(marks.isMarked(a, 5));
        assertEquals(1, marks.liveObjects());
    }

    @Test
    void equalObjectsAreDifferentKeys() {
        String x = new String("same");
        String y = new String("same");
        marks.mark(x, 1);
        assertFalse(marks.isMarked(y, 1));
    }

    @Test
    void manyObjectsSurviveTableRebuilds() {
        List<Object> objects = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            Object o = new Object();
            objects.add(o);
            marks.mark(o, i % 7);
        }
        for (int i = 0; i < objects.size(); i++) {
            assertTrue(marks.isMarked(objects.get(i), i % 7), "object " + i);
            assertFalse(marks.isMarked(objects.get(i), 7), "object " + i);
        }
        assertEquals(50_000, marks.liveObjects());
    }

    @Test
    void collectedObjectsAreNotKeptAliveAndTheirEntriesGo() throws Exception {
        WeakReference<Object> sentinel = markGarbage(20_000);
        for (int i = 0; i < 50 && sentinel.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(null, sentinel.get(), "the table must not keep marked objects alive");
        assertEquals(20_000, marks.entries());
        List<Object> kept = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            kept.add(new Object());
            marks.mark(kept.get(i), 2);       // every segment fills up and is rebuilt without the dead
        }
        assertEquals(20_000, marks.entries());
        assertEquals(20_000, marks.liveObjects());
        for (Object o : kept) {
            assertTrue(marks.isMarked(o, 2));
        }
    }

    private WeakReference<Object> markGarbage(int n) {
        Object last = null;
        for (int i = 0; i < n; i++) {
            last = new Object();
            marks.mark(last, 1);
        }
        return new WeakReference<>(last);
    }

    @Test
    void concurrentMarkingLosesNothing() throws Exception {
        int threads = 4;
        int perThread = 20_000;
        Object[][] objects = new Object[threads][perThread];
        Object shared = new Object();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int tt = t;
            Thread th = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < perThread; i++) {
                    objects[tt][i] = new Object();
                    marks.mark(objects[tt][i], tt);
                    marks.mark(shared, tt * 100 + i % 100);   // an object with 400 fields
                }
            });
            th.start();
            ts.add(th);
        }
        start.countDown();
        for (Thread th : ts) {
            th.join();
        }
        for (int t = 0; t < threads; t++) {
            for (int i = 0; i < perThread; i++) {
                assertTrue(marks.isMarked(objects[t][i], t));
                assertTrue(marks.isMarked(shared, t * 100 + i % 100));
            }
        }
        assertEquals(threads * perThread + 1, marks.liveObjects());
    }
}
