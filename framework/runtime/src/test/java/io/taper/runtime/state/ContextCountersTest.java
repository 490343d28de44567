package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContextCountersTest {

    /** {parent, slot, base} of each node the visitor sees on the named thread, in order. */
    private static List<int[]> nodesOf(String thread) {
        List<int[]> out = new ArrayList<>();
        boolean[] in = {false};
        ContextCounters.visit(new ContextCounters.Visitor() {
            @Override
            public void thread(String name, long id, long[] figures) {
                in[0] = thread.equals(name);
            }

            @Override
            public void node(int node, int parent, int slot, int base, long[] counts) {
                if (in[0]) {
                    out.add(new int[] {node, parent, slot, base, (int) counts[0]});
                }
            }
        });
        return out;
    }

    @Test
    void aCallOpensTheContextOfItsCallerAndCountsIntoItsOwnArray() throws Exception {
        Thread t = new Thread(() -> {
            Object tree = ContextCounters.tree();
            long[] main = ContextCounters.enter(tree, 7, 0, 2);
            main[0]++;
            for (int i = 0; i < 3; i++) {
                long[] foo = ContextCounters.enter(ContextCounters.tree(), 7, 2, 1);
                foo[0]++;
                long[] bar = ContextCounters.enter(tree, 8, 0, 1);
                bar[0]++;
                ContextCounters.exit(tree, bar);
                ContextCounters.exit(tree, foo);
            }
            long[] bar = ContextCounters.enter(tree, 8, 0, 1);   // bar from main: another context than bar from foo
            bar[0] += 10;
            ContextCounters.exit(tree, bar);
            ContextCounters.exit(tree, main);
        }, "contexts-basic");
        t.start();
        t.join();
        List<int[]> nodes = nodesOf("contexts-basic");
        assertEquals(4, nodes.size());
        // node, parent, slot, base, first counter
        assertEquals(List.of("1 0 7 0 1", "2 1 7 2 3", "3 2 8 0 3", "4 1 8 0 10"),
            nodes.stream().map(n -> n[0] + " " + n[1] + " " + n[2] + " " + n[3] + " " + n[4]).toList());
    }

    @Test
    void anExitPopsTheFramesWhoseExitsWereMissedAndAnUnknownOneChangesNothing() {
        ContextCounters.Tree tree = new ContextCounters.Tree();
        long[] a = tree.enter(1, 0, 1);
        long[] b = tree.enter(1, 1, 1);
        tree.enter(1, 2, 1);               // its exit never comes (an exception through a super(...) call)
        tree.enter(1, 3, 1);
        tree.exit(b);
        assertEquals(1, tree.depth);
        assertEquals(2, tree.discardedFrames);
        tree.exit(new long[1]);            // an entry that got a throwaway array
        assertEquals(1, tree.depth);
        assertEquals(1, tree.unmatchedExits);
        long[] again = tree.enter(1, 1, 1);
        assertSame(b, again, "the same path is the same context");
        tree.exit(again);
        tree.exit(a);
        assertEquals(0, tree.depth);
    }

    @Test
    void aFullTreeCountsNewContextsInTheirMethodsFlattenedNode() {
        ContextCounters.Tree tree = new ContextCounters.Tree();
        long[] outer = tree.enter(1, 0, 1);
        for (int i = 1; i < ContextCounters.MAX_CONTEXTS - 1; i++) {
            tree.exit(tree.enter(2, i, 1));
        }
        assertEquals(ContextCounters.MAX_CONTEXTS, tree.size);
        long[] first = tree.enter(3, 0, 1);
        tree.exit(first);
        tree.exit(tree.enter(4, 0, 1));
        long[] deeper = tree.enter(2, 5, 1);
        long[] second = tree.enter(3, 0, 1);   // another path to method 3: the same flattened node
        assertSame(first, second);
        tree.exit(second);
        tree.exit(deeper);
        assertNotSame(first, outer);
        assertEquals(ContextCounters.MAX_CONTEXTS + 2, tree.size, "one flattened node per method");
        assertEquals(ContextCounters.FLATTENED, tree.parent(tree.find(ContextCounters.FLATTENED, 3, 0)));
        tree.exit(outer);
        assertEquals(0, tree.depth);
    }

    @Test
    void anEndedThreadsTreeIsMergedByPath() {
        ContextCounters.Tree a = new ContextCounters.Tree();
        ContextCounters.Tree b = new ContextCounters.Tree();
        for (ContextCounters.Tree t : List.of(a, b)) {
            long[] m = t.enter(1, 0, 1);
            m[0] += 2;
            long[] f = t.enter(1, 1, 1);
            f[0] += 3;
            t.exit(f);
            t.exit(m);
        }
        long[] other = b.enter(2, 0, 1);   // only in b
        other[0] = 5;
        b.exit(other);
        ContextCounters.Tree merged = new ContextCounters.Tree();
        merged.absorb(a);
        merged.absorb(b);
        assertEquals(4, merged.size, "root, main, main>f, other");
        assertEquals(4, merged.counts[merged.find(0, 1, 0)][0]);
        assertEquals(6, merged.counts[merged.find(merged.find(0, 1, 0), 1, 1)][0]);
        assertEquals(5, merged.counts[merged.find(0, 2, 0)][0]);
    }

    /** A reset after a detach drops every thread's tree: the next session's first call is a new tree's first node. */
    @Test
    void aResetDropsEveryTreeAndTheNextSessionsCallsStartANewOne() throws Exception {
        Thread before = new Thread(() -> {
            Object tree = ContextCounters.tree();
            long[] main = ContextCounters.enter(tree, 9, 0, 1);
            main[0] += 4;
            ContextCounters.exit(tree, ContextCounters.enter(tree, 9, 1, 1));   // left open: main never exits
        }, "contexts-before-reset");
        before.start();
        before.join();
        Object tree = ContextCounters.tree();
        ContextCounters.enter(tree, 9, 0, 1)[0]++;   // this thread's call still open at the reset
        assertEquals(2, nodesOf("contexts-before-reset").size());

        ThreadCounters.reset();
        List<String> threads = new ArrayList<>();
        ContextCounters.visit(new ContextCounters.Visitor() {
            @Override
            public void thread(String name, long id, long[] figures) {
                threads.add(String.valueOf(name));
            }

            @Override
            public void node(int node, int parent, int slot, int base, long[] counts) {
                threads.add("node " + node);
            }
        });
        assertEquals(List.of(), threads, "no live thread's tree, no ended threads' tree");

        Thread after = new Thread(() -> {
            Object t = ContextCounters.tree();
            long[] other = ContextCounters.enter(t, 10, 0, 1);
            other[0]++;
            ContextCounters.exit(t, other);
        }, "contexts-after-reset");
        after.start();
        after.join();
        ContextCounters.exit(tree, new long[1]);   // the old call's exit, on its old tree: read by nobody
        assertEquals(List.of("1 0 10 0 1"),
            nodesOf("contexts-after-reset").stream().map(n -> n[0] + " " + n[1] + " " + n[2] + " " + n[3] + " " + n[4])
                .toList());
        assertEquals(List.of(), nodesOf("contexts-before-reset"));
    }
}
