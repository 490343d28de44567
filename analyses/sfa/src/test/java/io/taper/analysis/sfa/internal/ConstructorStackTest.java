package io.taper.analysis.sfa.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConstructorStackTest {

    private final Object a = new Object();
    private final Object b = new Object();
    private final Object c = new Object();

    @AfterEach
    void empty() {
        ConstructorStack.pop(a);
        ConstructorStack.pop(b);
        ConstructorStack.pop(c);
        assertEquals(0, ConstructorStack.depth());
    }

    @Test
    void nestedConstructorsOfOneObjectAndOfAnother() {
        ConstructorStack.push(a);             // A(): after super()
        ConstructorStack.pop(a);              // A() returns into B()'s super() call
        ConstructorStack.push(a);             // B(): after super()
        ConstructorStack.push(b);             // B() constructs another object
        assertTrue(ConstructorStack.contains(a));
        assertTrue(ConstructorStack.contains(b));
        ConstructorStack.pop(b);
        assertFalse(ConstructorStack.contains(b));
        assertTrue(ConstructorStack.contains(a));
        assertEquals(1, ConstructorStack.depth());
        ConstructorStack.pop(a);
        assertFalse(ConstructorStack.contains(a));
        assertEquals(0, ConstructorStack.depth());
    }

    @Test
    void popRemovesFramesWhoseExitWasNotSeen() {
        ConstructorStack.push(a);
        ConstructorStack.push(b);
        ConstructorStack.push(c);
        ConstructorStack.pop(b);              // c's exit was missed
        assertEquals(1, ConstructorStack.depth());
        assertFalse(ConstructorStack.contains(c));
        assertTrue(ConstructorStack.contains(a));
    }

    @Test
    void popOfAnObjectNotOnTheStackChangesNothing() {
        ConstructorStack.push(a);
        ConstructorStack.pop(b);
        assertEquals(1, ConstructorStack.depth());
        assertTrue(ConstructorStack.contains(a));
    }

    @Test
    void sameObjectTwicePopsTheInnermostFrameOnly() {
        ConstructorStack.push(a);             // C(int) reached through this(...)
        ConstructorStack.push(a);
        ConstructorStack.pop(a);
        assertTrue(ConstructorStack.contains(a));
        ConstructorStack.pop(a);
        assertFalse(ConstructorStack.contains(a));
    }

    @Test
    void anUnknownThisPopsTheInnermostFrame() {
        ConstructorStack.push(a);
        ConstructorStack.push(b);
        ConstructorStack.pop(null);           // b's constructor exits where the weaver lost the type of this
        assertEquals(1, ConstructorStack.depth());
        assertFalse(ConstructorStack.contains(b));
        assertTrue(ConstructorStack.contains(a));
        ConstructorStack.push(null);          // and the same at an entry: the frame keeps pops paired
        assertFalse(ConstructorStack.contains(null));
        ConstructorStack.pop(null);
        assertEquals(1, ConstructorStack.depth());
        ConstructorStack.pop(null);
        ConstructorStack.pop(null);           // nothing left: no-op
        assertEquals(0, ConstructorStack.depth());
    }

    @Test
    void growsBeyondTheInitialCapacity() {
        Object[] objects = new Object[100];
        for (int i = 0; i < objects.length; i++) {
            objects[i] = new Object();
            ConstructorStack.push(objects[i]);
        }
        assertEquals(100, ConstructorStack.depth());
        assertTrue(ConstructorStack.contains(objects[0]));
        ConstructorStack.pop(objects[0]);
        assertEquals(0, ConstructorStack.depth());
    }

    @Test
    void stacksArePerThread() throws Exception {
        ConstructorStack.push(a);
        AtomicBoolean seenElsewhere = new AtomicBoolean(true);
        Thread t = new Thread(() -> seenElsewhere.set(ConstructorStack.contains(a)));
        t.start();
        t.join();
        assertFalse(seenElsewhere.get());
        assertTrue(ConstructorStack.contains(a));
    }

    /** Constructors running when the session ended never pop (their classes are restored): a reset drops them. */
    @Test
    void aResetDropsEveryThreadsFramesAndMarks() throws Exception {
        ConstructorStack.push(a);
        ConstructorStack.push(b);
        ConstructorStack.frames().addMark(c, 3);
        CountDownLatch pushed = new CountDownLatch(1);
        CountDownLatch reset = new CountDownLatch(1);
        String[] seenAfter = new String[1];
        Thread other = new Thread(() -> {
            ConstructorStack.push(c);
            pushed.countDown();
            try {
                reset.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            seenAfter[0] = ConstructorStack.contains(c) + " " + ConstructorStack.depth();
        });
        other.start();
        pushed.await();

        ConstructorStack.reset();
        reset.countDown();
        other.join();
        assertEquals("false 0", seenAfter[0], "the other thread's frames went too");
        assertFalse(ConstructorStack.contains(a));
        assertFalse(ConstructorStack.contains(b));
        assertEquals(0, ConstructorStack.depth());
        assertFalse(ConstructorStack.frames().hasMark(c, 3));
        ConstructorStack.push(c);           // the next session's constructor
        assertTrue(ConstructorStack.contains(c));
        assertEquals(1, ConstructorStack.depth());
    }
}
