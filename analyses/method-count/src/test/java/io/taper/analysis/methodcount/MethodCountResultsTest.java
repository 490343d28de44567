package io.taper.analysis.methodcount;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.runtime.RuntimeReset;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.state.ThreadCounters;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rows come from the runtime's counters and the sites' facts: after a detach's reset, from neither. */
class MethodCountResultsTest {

    private static final int SLOT = 3;

    /** The class the server wove into {@link #SLOT}, as the agent registers its facts site. */
    private static void registerClass(String className) {
        MethodTable table = new MethodTable(SLOT, List.of(new String[] {"run", "()V"}, new String[] {"stop", "()V"}));
        SiteRegistry.register(List.of(new SiteInfo(0, 0, className, "", "", -1, "methodcount", "", true,
            table.toFacts())));
    }

    private static String rows(MethodCountResults results) {
        StringBuilder b = new StringBuilder();
        for (Map<String, Object> r : results.rows()) {
            b.append(r.get("class")).append('.').append(r.get("method")).append('=').append(r.get("entries"))
                .append(' ');
        }
        return b.toString().trim();
    }

    @Test
    void afterTheResetNothingOfTheSessionIsReportedAndTheNextCountsFromOne() {
        try {
            RuntimeReset.resetAll();
            registerClass("p/First");
            ThreadCounters.count(SLOT, 2, 0);
            ThreadCounters.count(SLOT, 2, 0);
            ThreadCounters.count(SLOT, 2, 1);
            MethodCountResults results = new MethodCountResults();
            assertEquals("p.First.run=2 p.First.stop=1", rows(results));

            new MethodCountResults().reset();   // as the agent does it: a new instance, then the runtime
            RuntimeReset.resetAll();
            assertEquals("", rows(results));
            Map<String, Object> summary = results.summary();
            assertEquals(0L, summary.get("methodsEntered"));
            assertEquals(0L, summary.get("entries"));
            assertEquals(0L, summary.get("threadsRegistered"));

            registerClass("p/Next");   // the next session's class in the same slot
            ThreadCounters.count(SLOT, 2, 0);
            assertEquals("p.Next.run=1", rows(results));
        } finally {
            RuntimeReset.resetAll();
        }
    }
}
