package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class CallingContextsTest {

    @Test
    void buildsTheCallingContextTree() {
        CallingContexts cct = new CallingContexts();
        int main = 10;
        int foo = 11;
        int bar = 12;
        assertEquals(CallingContexts.ROOT, cct.current());
        int m = cct.enter(main);
        int mf = cct.enter(foo);
        int mfb = cct.enter(bar);
        assertEquals(mfb, cct.current());
        cct.exit();
        cct.exit();
        int mb = cct.enter(bar);
        assertNotEquals(mfb, mb, "bar called from main is another context than bar called from foo");
        cct.exit();
        assertEquals(mf, cct.enter(foo), "re-entering an existing context finds the same slot");
        cct.exit();
        cct.exit();
        cct.exit();
        cct.exit();                                  // unmatched exit at the root is ignored
        assertEquals(CallingContexts.ROOT, cct.current());
        assertArrayEquals(new int[] {main, foo, bar}, cct.path(mfb));
        assertArrayEquals(new int[] {main, bar}, cct.path(mb));
        assertEquals(m, cct.parent(mf));
        assertEquals(3, cct.depth(mfb));
        assertEquals(5, cct.size(), "root + main, main>foo, main>foo>bar, main>bar");
    }

    @Test
    void threadsShareContextsAndCreateEachOnce() throws InterruptedException {
        CallingContexts cct = new CallingContexts();
        Counters calls = new Counters();
        int[][] leaf = new int[4][200];
        Concurrently.run(4, t -> {
            for (int round = 0; round < 50; round++) {
                for (int a = 0; a < 200; a++) {
                    cct.enter(a);
                    leaf[t][a] = cct.enter(1_000 + a % 7);
                    calls.inc(cct.current());
                    cct.exit();
                    cct.exit();
                }
            }
        });
        assertEquals(1 + 200 + 200, cct.size());
        for (int a = 0; a < 200; a++) {
            for (int t = 1; t < 4; t++) {
                assertEquals(leaf[0][a], leaf[t][a]);
            }
            assertEquals(4 * 50, calls.get(leaf[0][a]));
            assertArrayEquals(new int[] {a, 1_000 + a % 7}, cct.path(leaf[0][a]));
        }
    }
}
