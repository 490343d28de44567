package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

/** Thread names that differ only by numbers share a group; a finished thread is recognised as such. */
class ThreadGroupsTest {

    @Test
    void digitRunsBecomeOneMark() {
        assertEquals("pool-#-thread-#", ThreadGroups.groupOf("pool-3-thread-17"));
        assertEquals("qtp#-#", ThreadGroups.groupOf("qtp1838229837-42"));
        assertEquals("ForkJoinPool-#-worker-#", ThreadGroups.groupOf("ForkJoinPool-1-worker-3"));
        assertEquals("#x#", ThreadGroups.groupOf("12x3"));
        assertEquals("main", ThreadGroups.groupOf("main"));
        assertEquals("", ThreadGroups.groupOf(null));
    }

    @Test
    void aThreadIsFinishedOnceItHasEnded() throws Exception {
        Thread t = new Thread(() -> { }, "short");
        WeakReference<Thread> ref = new WeakReference<>(t);
        t.start();
        t.join();
        assertTrue(ThreadGroups.finished(ref));
        assertFalse(ThreadGroups.finished(new WeakReference<>(Thread.currentThread())));
        assertTrue(ThreadGroups.finished(new WeakReference<>(null)));
    }

    @Test
    void threadSlotsAreOnePerGroupAndBounded() {
        ThreadSlots slots = new ThreadSlots();
        int first = slots.slotOf("worker-1");
        assertEquals(first, slots.slotOf("worker-2"));
        assertEquals("worker-#", slots.key(first));
        for (int i = 0; slots.size() < ThreadGroups.MAX_GROUPS; i++) {
            slots.slotOf("name" + (char) ('a' + i % 26) + (char) ('a' + i / 26 % 26) + (char) ('a' + i / 676));
        }
        int other = slots.slotOf("yet-another-name");
        assertEquals(ThreadGroups.OTHER, slots.key(other));
        assertEquals(other, slots.slotOf("and-one-more"));
        assertEquals(ThreadGroups.MAX_GROUPS + 1, slots.size());
    }
}
