package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Adaptive bytecode counting end to end (a forked JVM with {@code -Xverify:all} and the server's dump): a method
 * whose count per call never changes runs entry-only and is extrapolated exactly; a method whose count changes with
 * the program's phase goes entry-only, comes back to full counting at its re-check and stays there, short of the
 * exact total by no more than the calls until that re-check; the dump shows the swap and the return. A class whose
 * saving is below the strategy's minimum is never re-woven and counts exactly.
 */
class BytecodeCountAdaptiveEndToEndTest {

    private static final String MAIN = "io.taper.e2e.fixtures.PhasedCounts";
    /** stable(x): [iconst_0 istore_1 iconst_0 istore_2] [iload_2 bipush if_icmpge] x9 [8 instructions] x8 [iload_1 ireturn]. */
    private static final long STABLE_PER_CALL = 4 + 3 * 9 + 8 * 8 + 2;

    @TempDir
    Path tmp;

    /** phased(x, t): 4, then 3 for each of t + 1 loop tests, 8 for each of t trips, 2. */
    private static long phased(long trips) {
        return 4 + 3 * (trips + 1) + 8 * trips + 2;
    }

    /** A run of the fixture under the strategy with these options; its calls per phase, as it printed them. */
    private record Run(TaperProcess.Outcome outcome, Path dump, long first, long later) {

        Map<String, Map<String, Object>> rows() throws Exception {
            Map<String, Map<String, Object>> rows = new HashMap<>();
            for (Map<String, Object> r : outcome.rows()) {
                if (MAIN.equals(r.get("class"))) {
                    rows.put(r.get("method") + (String) r.get("descriptor"), r);
                }
            }
            return rows;
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> controller() throws Exception {
            return (Map<String, Object>) outcome.stats().get("controller");
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> strategy() throws Exception {
            return (Map<String, Object>) controller().get("strategyStats");
        }
    }

    private Run run(String name, String options) throws Exception {
        Path out = tmp.resolve(name);
        Path dump = tmp.resolve(name + "-dump");
        TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "bytecode-count", "--mode", "adaptive",
            // eager: the bounds below are the controller's timing alone, no start-up pass beside the program
            "--controller", "bytecode-count:" + options, "--startup-pass", "eager", "--dump", dump.toString(),
            "--out", out.toString(), "--", "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN, "2000");
        assertEquals(0, o.exitCode(), o.stderr());
        Matcher printed = Pattern.compile("first (\\d+) later (\\d+) sink true\n").matcher(o.stdout());
        assertTrue(printed.matches(), o.stdout());
        return new Run(o, dump, Long.parseLong(printed.group(1)), Long.parseLong(printed.group(2)));
    }

    @Test
    void stableMethodsRunEntryOnlyAndAChangedOneReturnsToFullCounting() throws Exception {
        // every saving pays and the whole run's time may go to re-weaving: the swap's mechanics alone (a re-check
        // period long enough for the class's two re-weaves, pause and recompilation, not to take all of it)
        Run run = run("adaptive", "recheck-ms=1500,period-ms=50,min-saved-per-s=0,budget=1");
        Path dump = run.dump();
        long first = run.first();
        long later = run.later();
        Map<String, Map<String, Object>> rows = run.rows();
        Map<String, Object> stable = rows.get("stable(I)I");
        assertEquals(first + later, num(stable, "invocations"));
        assertEquals(STABLE_PER_CALL * (first + later), num(stable, "bytecodes"), "extrapolated exactly: " + stable);
        assertEquals(true, stable.get("extrapolated"));

        Map<String, Object> phased = rows.get("phased(II)I");
        assertEquals(first + later, num(phased, "invocations"));
        // while entry-only after the phase changed, phased() is extrapolated with its old count per call until its
        // re-check (every 1,500 ms) brings full counting back: at most that long (and four periods with the
        // controller's own step, of the run's 4 s) is counted short, never more, and the calls before are exact
        long exact = phased(4) * first + phased(9) * later;
        long counted = num(phased, "bytecodes");
        long bound = (phased(9) - phased(4)) * (first + later) * 1700 / 4000;
        assertTrue(counted <= exact && exact - counted <= bound, counted + " of " + exact + ", bound " + bound);
        assertTrue(counted >= phased(4) * (first + later), "at least the first phase's count for every call");

        Map<String, Object> strategy = run.strategy();
        assertTrue(num(strategy, "swapsToEntryOnly") >= 2, strategy.toString());
        assertTrue(num(strategy, "returnsToFullCounting") >= 1, strategy.toString());

        // the dump: phased() woven in full (its entry and its loop's body: the loop's condition runs as often as
        // those two together and its exit as the condition less the body, both derived), then entry-only (one
        // counter increment), then in full again
        List<Integer> stores = new ArrayList<>();
        for (int n = 1; Files.exists(dump.resolve("io/taper/e2e/fixtures/PhasedCounts.woven." + n + ".class")); n++) {
            stores.add(counterStores(Files.readAllBytes(dump.resolve("io/taper/e2e/fixtures/PhasedCounts.woven." + n
                + ".class")), "phased"));
        }
        int entryOnly = stores.indexOf(1);
        assertTrue(stores.get(0) == 2 && entryOnly > 0 && stores.subList(entryOnly, stores.size()).contains(2),
            "counter stores of phased() per weaving: " + stores);
    }

    @Test
    void aClassWhoseSavingIsBelowTheMinimumKeepsCountingInFull() throws Exception {
        Run run = run("below-minimum", "recheck-ms=1500,period-ms=50,min-saved-per-s=1000000000000,budget=1");
        Map<String, Map<String, Object>> rows = run.rows();
        long calls = run.first() + run.later();
        Map<String, Object> stable = rows.get("stable(I)I");
        assertEquals(calls, num(stable, "invocations"));
        assertEquals(STABLE_PER_CALL * calls, num(stable, "bytecodes"), "counted, exactly: " + stable);
        assertEquals(false, stable.get("extrapolated"));
        Map<String, Object> phased = rows.get("phased(II)I");
        assertEquals(phased(4) * run.first() + phased(9) * run.later(), num(phased, "bytecodes"));
        assertEquals(false, phased.get("extrapolated"));

        Map<String, Object> strategy = run.strategy();
        assertEquals(0, num(strategy, "swapsToEntryOnly"), strategy.toString());
        assertEquals(0, num(strategy, "classSwaps"), strategy.toString());
        assertTrue(num(strategy, "candidatesBelowMinSaving") >= 1, strategy.toString());
        assertEquals(0, num(run.controller(), "classesRetransformed"), "nothing re-woven");
        assertTrue(Files.exists(run.dump().resolve("io/taper/e2e/fixtures/PhasedCounts.woven.1.class")));
        assertFalse(Files.exists(run.dump().resolve("io/taper/e2e/fixtures/PhasedCounts.woven.2.class")),
            "woven once");
    }

    /**
     * The counter increments (LASTOREs, calls of {@code ThreadCounters.count} and of {@code ThreadFieldCounters.add})
     * in a method of a woven class.
     */
    private static int counterStores(byte[] woven, String method) {
        ClassNode c = new ClassNode();
        new ClassReader(woven).accept(c, 0);
        for (MethodNode m : c.methods) {
            if (m.name.equals(method)) {
                int n = 0;
                for (AbstractInsnNode i = m.instructions.getFirst(); i != null; i = i.getNext()) {
                    boolean countCall = i instanceof MethodInsnNode call
                        && (call.owner.equals("io/taper/runtime/state/ThreadCounters") && call.name.equals("count")
                        || call.owner.equals("io/taper/runtime/state/ThreadFieldCounters") && call.name.equals("add"));
                    n += i.getOpcode() == Opcodes.LASTORE || countCall ? 1 : 0;
                }
                return n;
            }
        }
        throw new AssertionError("no method " + method);
    }

    private static long num(Map<String, Object> row, String key) {
        if (row == null) {
            throw new AssertionError("no row for " + key);
        }
        return ((Number) row.get(key)).longValue();
    }
}
