package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InstanceStatesTest {

    @Test
    void keepsAStateMachinePerObjectAndColumn() {
        InstanceStates s = new InstanceStates(MachineStatesTest.STATIONARY);
        Object a = new Object();
        Object b = new Object();
        assertEquals(0, s.fire(a, 1, 0));
        assertEquals(1, s.fire(a, 1, 1));
        assertEquals(1, s.fire(a, 2, 1));
        assertEquals(2, s.fire(a, 1, 0));
        assertEquals(2, s.fire(a, 1, 1), "terminal");
        assertEquals(0, s.get(b, 1), "another object is untouched");
        assertEquals(1, s.get(a, 2));
        assertEquals(0, s.get(a, 3));
        assertEquals(1, s.liveInstances());
    }

    @Test
    void equalButDistinctObjectsHaveSeparateStates() {
        InstanceStates s = new InstanceStates(MachineStatesTest.upTo(100));
        String x = new String("same");
        String y = new String("same");
        s.fire(x, 0, 0);
        s.fire(x, 0, 0);
        s.fire(y, 0, 0);
        assertEquals(2, s.get(x, 0));
        assertEquals(1, s.get(y, 0));
    }

    @Test
    void doesNotKeepObservedObjectsAlive() throws InterruptedException {
        InstanceStates s = new InstanceStates(MachineStatesTest.upTo(100));
        List<Object> objects = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            Object o = new Object();
            objects.add(o);
            s.fire(o, 0, 0);
        }
        WeakReference<Object> probe = new WeakReference<>(objects.get(123));
        assertEquals(20_000, s.liveInstances());
        objects = null;
        for (int i = 0; i < 50 && (probe.get() != null || s.liveInstances() > 0); i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertNull(probe.get(), "the table kept an observed object alive");
        assertEquals(0, s.liveInstances(), "entries of collected objects are dropped");
    }

    @Test
    void noLostUpdatesOnSharedObjects() throws InterruptedException {
        InstanceStates s = new InstanceStates(MachineStatesTest.upTo(Integer.MAX_VALUE));
        Object[] shared = new Object[100];
        for (int i = 0; i < shared.length; i++) {
            shared[i] = new Object();
        }
        Concurrently.run(4, t -> {
            for (int i = 0; i < 50_000; i++) {
                s.fire(shared[i % shared.length], (i / shared.length) & 1, 0);
            }
        });
        for (Object o : shared) {
            assertEquals(4 * 250, s.get(o, 0));
            assertEquals(4 * 250, s.get(o, 1));
        }
    }
}
