package io.taper.analysis.bytecodecount.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.analysis.bytecodecount.ClassLayout;
import io.taper.testing.WovenClassRun;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Which blocks the weave leaves uncounted, worked out by hand from javac's code for small methods (block numbers in
 * the order of the code), and that the derived counts equal what counting every block gives.
 */
class DerivedBlocksTest {

    /** Fixtures: javac's code for each is in the test's comments. */
    static final class Fixtures {

        // 0: s = 0, i = 0 | 1: i < n? | 2: s += i, i++, goto 1 | 3: return s
        static int loop(int n) {
            int s = 0;
            for (int i = 0; i < n; i++) {
                s += i;
            }
            return s;
        }

        // 0: if (!c) goto 2 | 1: a, goto 3 | 2: b | 3: return
        static int pick(boolean c, int a, int b) {
            return c ? a : b;
        }

        // 0: if (!c) goto 2 | 1: a++ | 2: return a
        static int bump(boolean c, int a) {
            if (c) {
                a++;
            }
            return a;
        }

        // 0: if (!c) goto 2 | 1: a = twice(a) (the call may throw) | 2: return a
        static int bumpByCall(boolean c, int a) {
            if (c) {
                a = twice(a);
            }
            return a;
        }

        static int twice(int a) {
            return 2 * a;
        }

        // 0: i < a.length? (arraylength may throw) | 1: return a[i] | 2: return -1
        static int guarded(int[] a, int i) {
            if (i < a.length) {
                return a[i];
            }
            return -1;
        }

        // 0: try: r = 10 / d, goto 2 (the division may throw) | 1 (handler): r = -1 | 2: return r
        static int caught(int d) {
            int r;
            try {
                r = 10 / d;
            } catch (ArithmeticException e) {
                r = -1;
            }
            return r;
        }
    }

    private static List<String> derived(String method) throws IOException {
        return derived(method, false);
    }

    /** With {@code exits}, every block's exits counted (indexes past the blocks). */
    private static List<String> derived(String method, boolean exits) throws IOException {
        ClassNode c = new ClassNode();
        new ClassReader(WovenClassRun.bytesOf(Fixtures.class)).accept(c, ClassReader.EXPAND_FRAMES);
        MethodNode m = c.methods.stream().filter(x -> x.name.equals(method)).findFirst().orElseThrow();
        BasicBlocks b = BasicBlocks.of(m, BasicBlocks.Cut.BLOCKS);
        List<String> out = new ArrayList<>();
        boolean[] counted = new boolean[b.size()];
        java.util.Arrays.fill(counted, true);
        for (ClassLayout.Derivation d : DerivedBlocks.of(m, b, exits ? counted : null)) {
            StringBuilder s = new StringBuilder().append(d.block()).append('=');
            for (int p : d.plus()) {
                s.append('+').append(p);
            }
            for (int p : d.minus()) {
                s.append('-').append(p);
            }
            out.add(s.toString());
        }
        return out;
    }

    @Test
    void aLoopsConditionRunsAsOftenAsItsBodyAndItsExit() throws IOException {
        assertEquals(List.of("1=+3+2"), derived("loop"));   // successors: the jump's target, then what follows
    }

    @Test
    void withExitsCountedALoopsConditionFollowsFromItsEntryAndBodyAndItsExitFromTheCondition() throws IOException {
        // joins first: the condition is entered from the first block and the body; the exit is what the condition
        // leaves past the body: one counter a call and one an iteration
        assertEquals(List.of("1=+0+2", "3=+1-2"), derived("loop", true));
    }

    @Test
    void anIfsArmsFollowFromTheEntryAndTheirJoinFromThem() throws IOException {
        // the entry counts invocations and stays counted: its first arm is what the other leaves; the join both arms
        assertEquals(List.of("1=+0-2", "3=+1+2"), derived("pick"));
    }

    @Test
    void aBlockThatMayThrowDerivesNothing() throws IOException {
        assertEquals(List.of(), derived("guarded"));
    }

    @Test
    void handlersStayCountedAndSoDoesAJoinEnteredFromABlockThatMayThrow() throws IOException {
        assertEquals(List.of(), derived("caught"));
    }

    @Test
    void aBlockThatMayThrowTakesPartOnceItsExitsAreCounted() throws IOException {
        // blocks 0-2, exits 3-5: the first arm is what the entry leaves, less what it threw and the other arm
        assertEquals(List.of("1=+0-3-2"), derived("guarded", true));
    }

    @Test
    void aJoinEnteredFromABlockThatMayThrowFollowsFromItsPredecessorsLessTheirExits() throws IOException {
        // the division's block goes on to the join unless it threw; the handler goes on to it always
        assertEquals(List.of("2=+0+1-3"), derived("caught", true));
    }

    @Test
    void aJoinPastAnArmFollowsFromTheBlockBeforeTheArm() throws IOException {
        // the join is entered from the condition (its edge: the condition less the arm) and from the arm
        assertEquals(List.of("2=+0"), derived("bump"));
        assertEquals(List.of(), derived("bumpByCall"));
        // blocks 0-2, exits 3-5: the times the arm's call threw never reach the join
        assertEquals(List.of("2=+0-4"), derived("bumpByCall", true));
    }

    @Test
    void exitsChangeNothingInAnIfWhereNothingThrows() throws IOException {
        assertEquals(derived("pick"), derived("pick", true));
    }

    @Test
    void derivedCountsFollowFromCountedOnes() {
        ClassLayout.Method m = new ClassLayout.Method("m", "()V", 0, 0, new int[] {2, 3, 8, 2},
            new int[4][ClassLayout.KINDS], List.of(new ClassLayout.Derivation(1, new int[] {2, 3}, new int[0])));
        long[] counts = {7, 0, 70, 7};
        m.derive(counts, 0);
        assertEquals(77, counts[1]);
        ClassLayout layout = new ClassLayout(3, 4, List.of(m));
        assertEquals(layout.toFacts(), ClassLayout.fromFacts(layout.toFacts()).toFacts(), "the facts carry them");
        assertEquals(List.of(1), ClassLayout.fromFacts(layout.toFacts()).methods().get(0).derived().stream()
            .map(ClassLayout.Derivation::block).toList());
    }

    @Test
    void exitsAreReadFromTheCountersAfterTheBlocks() {
        // two blocks at 0 and 1, their exits at 2 and 3: block 1 ran each time block 0 did not throw
        ClassLayout.Method m = new ClassLayout.Method("m", "()V", 0, 0, new int[] {4, 2},
            new int[2][ClassLayout.KINDS], List.of(new ClassLayout.Derivation(1, new int[] {0}, new int[] {2})));
        long[] counts = {10, 0, 3, 0};
        m.derive(counts, 0);
        assertEquals(7, counts[1]);
        ClassLayout layout = new ClassLayout(3, 4, List.of(m));
        assertEquals(layout.toFacts(), ClassLayout.fromFacts(layout.toFacts()).toFacts(), "the facts carry them");
        Map<String, String> beyond = new java.util.HashMap<>(layout.toFacts());
        beyond.replaceAll((k, v) -> v.replace("1=+0-2", "1=+0-4"));
        assertEquals(null, ClassLayout.fromFacts(beyond), "past the exits: damaged");
    }
}
