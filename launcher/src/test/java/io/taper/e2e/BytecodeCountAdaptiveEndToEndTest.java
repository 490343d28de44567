package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * exact total by no more than the calls until that re-check; the dump shows the swap and the return.
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

    @Test
    @SuppressWarnings("unchecked")
    void stableMethodsRunEntryOnlyAndAChangedOneReturnsToFullCounting() throws Exception {
        Path out = tmp.resolve("adaptive");
        Path dump = tmp.resolve("dump");
        TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "bytecode-count", "--mode", "adaptive",
            "--controller", "bytecode-count:recheck-ms=400,period-ms=50", "--dump", dump.toString(),
            "--out", out.toString(), "--", "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN, "1500");
        assertEquals(0, o.exitCode(), o.stderr());
        Matcher printed = Pattern.compile("first (\\d+) later (\\d+) sink true\n").matcher(o.stdout());
        assertTrue(printed.matches(), o.stdout());
        long first = Long.parseLong(printed.group(1));
        long later = Long.parseLong(printed.group(2));

        Map<String, Map<String, Object>> rows = new HashMap<>();
        for (Map<String, Object> r : o.rows()) {
            if (MAIN.equals(r.get("class"))) {
                rows.put(r.get("method") + (String) r.get("descriptor"), r);
            }
        }
        Map<String, Object> stable = rows.get("stable(I)I");
        assertEquals(first + later, num(stable, "invocations"));
        assertEquals(STABLE_PER_CALL * (first + later), num(stable, "bytecodes"), "extrapolated exactly: " + stable);
        assertEquals(true, stable.get("extrapolated"));

        Map<String, Object> phased = rows.get("phased(II)I");
        assertEquals(first + later, num(phased, "invocations"));
        // while entry-only after the phase changed, phased() is extrapolated with its old count per call until its
        // re-check (every 400 ms) brings full counting back: at most that long (two periods with the controller's
        // own step, of the run's 3 s) is counted short, never more, and the calls before are exact
        long exact = phased(4) * first + phased(9) * later;
        long counted = num(phased, "bytecodes");
        long bound = (phased(9) - phased(4)) * (first + later) * 900 / 3000;
        assertTrue(counted <= exact && exact - counted <= bound, counted + " of " + exact + ", bound " + bound);
        assertTrue(counted >= phased(4) * (first + later), "at least the first phase's count for every call");

        Map<String, Object> strategy = (Map<String, Object>) ((Map<String, Object>) o.stats().get("controller"))
            .get("strategyStats");
        assertTrue(num(strategy, "swapsToEntryOnly") >= 2, strategy.toString());
        assertTrue(num(strategy, "returnsToFullCounting") >= 1, strategy.toString());

        // the dump: phased() woven in full (its entry, its loop's body and its exit: the loop's condition runs as often
        // as those two together and is derived), then entry-only (one counter increment), then in full again
        List<Integer> stores = new ArrayList<>();
        for (int n = 1; Files.exists(dump.resolve("io/taper/e2e/fixtures/PhasedCounts.woven." + n + ".class")); n++) {
            stores.add(counterStores(Files.readAllBytes(dump.resolve("io/taper/e2e/fixtures/PhasedCounts.woven." + n
                + ".class")), "phased"));
        }
        int entryOnly = stores.indexOf(1);
        assertTrue(stores.get(0) == 3 && entryOnly > 0 && stores.subList(entryOnly, stores.size()).contains(3),
            "counter stores of phased() per weaving: " + stores);
    }

    /** The counter increments (LASTOREs and calls of {@code ThreadCounters.count}) in a method of a woven class. */
    private static int counterStores(byte[] woven, String method) {
        ClassNode c = new ClassNode();
        new ClassReader(woven).accept(c, 0);
        for (MethodNode m : c.methods) {
            if (m.name.equals(method)) {
                int n = 0;
                for (AbstractInsnNode i = m.instructions.getFirst(); i != null; i = i.getNext()) {
                    boolean countCall = i instanceof MethodInsnNode call
                        && call.owner.equals("io/taper/runtime/state/ThreadCounters") && call.name.equals("count");
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
