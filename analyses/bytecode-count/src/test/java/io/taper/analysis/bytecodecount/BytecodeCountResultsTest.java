package io.taper.analysis.bytecodecount;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.taper.runtime.RuntimeReset;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.state.ThreadCounters;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** After a detach's reset neither the counts, the layouts parsed nor an entry-only method's model are left. */
class BytecodeCountResultsTest {

    private static final int SLOT = 4;

    /** A class of one method of one block of {@code length} loads, woven into {@link #SLOT}. */
    private static void registerClass(String className, String method, int length) {
        int[] kinds = new int[ClassLayout.KINDS];
        kinds[0] = length;
        ClassLayout layout = new ClassLayout(SLOT, 1, List.of(new ClassLayout.Method(method, "()V", 0, 0,
            new int[] {length}, new int[][] {kinds})));
        SiteRegistry.register(List.of(new SiteInfo(0, 0, className, "", "", -1, "bytecode", "", true,
            layout.toFacts())));
    }

    private static String rows(BytecodeCountResults results) {
        StringBuilder b = new StringBuilder();
        for (Map<String, Object> r : results.rows()) {
            b.append(r.get("class")).append('.').append(r.get("method")).append(' ').append(r.get("invocations"))
                .append(' ').append(r.get("bytecodes")).append(' ').append(r.get("extrapolated"));
        }
        return b.toString();
    }

    @Test
    void afterTheResetNothingOfTheSessionIsReportedAndTheNextCountsFromZero() {
        try {
            RuntimeReset.resetAll();
            new BytecodeCountResults().reset();
            registerClass("p/First", "run", 3);
            ThreadCounters.count(SLOT, 1, 0);
            ThreadCounters.count(SLOT, 1, 0);
            // the method ran entry-only for a while: ten executions of its block kept from then
            Extrapolation.publish(SLOT, new Extrapolation.Model(0, 0, new long[] {10}, null, null));
            BytecodeCountResults results = new BytecodeCountResults();
            assertEquals("p.First.run 12 36 true", rows(results));
            assertEquals(36L, results.summary().get("bytecodes"));
            assertEquals(1, ParsedLayouts.parsed());

            new BytecodeCountResults().reset();
            RuntimeReset.resetAll();
            assertFalse(Extrapolation.has(SLOT));
            assertEquals(0, ParsedLayouts.parsed());
            assertEquals("", rows(results));
            assertEquals(0L, results.summary().get("bytecodes"));
            assertEquals(0, results.summary().get("classes"));

            registerClass("p/Next", "next", 5);   // the next session's class in the same slot, with its own site 0
            ThreadCounters.count(SLOT, 1, 0);
            assertEquals("p.Next.next 1 5 false", rows(results));
            assertEquals(1, ParsedLayouts.parsed());
        } finally {
            new BytecodeCountResults().reset();
            RuntimeReset.resetAll();
        }
    }
}
