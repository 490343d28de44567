package io.taper.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.runtime.state.ContextCounters;
import io.taper.runtime.state.ProbeArrays;
import io.taper.runtime.state.ThreadCounters;
import io.taper.runtime.state.ThreadFieldCounters;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One session's state, filled as woven code, the agent and the controller fill it; after the reset, none of it. */
class RuntimeResetTest {

    @Test
    void afterTheResetTheRuntimeHoldsNothingOfTheSessionBefore() throws Exception {
        try {
            ThreadCounters.enable();
            StateBudget.set(1_000);
            SiteRegistry.register(List.of(new SiteInfo(3, 0, "p/Session", "run", "()V", -1, "S.m", "", true,
                Map.of())));
            SiteRegistry.bind(3, slot -> true, 0);
            SiteSwitches.switchOff(3);
            Audit.enable();
            Audit.markRemoved(3);
            Audit.before(3);
            ThreadCounters.count(0, 1, 0);
            Thread other = new Thread(() -> {
                Object tree = ContextCounters.tree();
                ContextCounters.enter(tree, 0, 0, 1)[0]++;
            }, "session-thread");
            other.start();
            other.join();
            ProbeArrays.probes(0, 2)[1] = true;
            ThreadFieldCounters.grown(5);   // counted nowhere in a JVM without the field: must not fail either
            SnippetFailures.record(new OutOfMemoryError("analysis state"));
            StateBudget.measured(990);
            assertTrue(StateBudget.heapGone());
            assertArrayEquals(new int[] {3}, SiteRegistry.deadSites());

            RuntimeReset.resetAll();

            assertEquals(0, SiteRegistry.size());
            assertArrayEquals(new int[0], SiteRegistry.deadSites());
            assertFalse(SiteSwitches.isOff(3));
            assertEquals(0, SiteSwitches.count());
            assertFalse(Audit.enabled());
            assertFalse(Audit.isRemoved(3));
            assertEquals(Map.of("sitesAudited", 0, "eventsAfterRemoval", 0L, "violations", 0L, "first", List.of()),
                Audit.report());
            assertNull(ThreadCounters.sum(0));
            assertArrayEquals(new long[6], ThreadCounters.figures());
            assertEquals(0, ThreadCounters.bytes());
            int[] trees = {0};
            ContextCounters.visit(new ContextCounters.Visitor() {
                @Override
                public void thread(String name, long id, long[] figures) {
                    trees[0]++;
                }

                @Override
                public void node(int node, int parent, int slot, int base, long[] counts) {
                }
            });
            assertEquals(0, trees[0]);
            assertEquals(List.of(), ProbeArrays.registered());
            assertEquals(0, ProbeArrays.overflow());
            assertArrayEquals(new long[6], ThreadFieldCounters.figures());
            assertArrayEquals(new long[2], ThreadFieldCounters.sum(0, 2));
            assertEquals(0, SnippetFailures.count());
            assertNull(SnippetFailures.first());
            assertEquals(Long.MAX_VALUE, StateBudget.budgetBytes());
            assertFalse(StateBudget.reached());
            assertFalse(StateBudget.heapGone());

            // the next session: its site 3 and slot 0 are new, and count from zero
            ThreadCounters.enable();
            ThreadCounters.count(0, 1, 0);
            assertArrayEquals(new long[] {1}, ThreadCounters.sum(0));
            assertArrayEquals(new boolean[2], ProbeArrays.probes(0, 2));
            assertTrue(SiteSwitches.switchOff(3));
        } finally {
            RuntimeReset.resetAll();
            ThreadCounters.enable();
        }
    }
}
