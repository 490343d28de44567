package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Once the program has ended, the classes the exit loads are counted and left as they are. */
class QueueRetransformerTest {

    @Test
    void afterStopTheQueuedClassesAreCountedAndNeitherResolvedNorSent() {
        PendingClasses pending = new PendingClasses();
        AgentStats stats = new AgentStats();
        // no instrumentation, no batches, no server link: touching any of them would throw
        QueueRetransformer queue = new QueueRetransformer(null, pending, null, null, stats);
        queue.stop();
        pending.add(null, "java/util/TreeMap", TreeMap.class);
        pending.add(null, "java/util/TreeMap$Entry", null);
        pending.add(getClass().getClassLoader(), "io/taper/agent/internal/QueueRetransformerTest", null);
        queue.drainNow(5);
        assertEquals(3, stats.classesQueuedAtExit.get());
        assertEquals(0, stats.classesQueuedRetransformed.get());
        assertEquals(0, stats.classesQueuedDropped.get());
        assertEquals(List.of(), pending.drain());
    }
}
