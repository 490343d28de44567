package io.taper.analysis.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.runtime.RuntimeReset;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.state.ProbeArrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rows come from the runtime's probe arrays and the sites' facts: after a detach's reset, from neither. */
class CoverageResultsTest {

    private static void registerClass(String className, String classId) {
        SiteRegistry.register(List.of(new SiteInfo(0, 1, className, "", "", -1, "coverage", "", true,
            Map.of(CoverageResults.SLOT, "0", CoverageResults.CLASS_ID, classId))));
    }

    private static String rows(CoverageResults results) {
        StringBuilder b = new StringBuilder();
        for (Map<String, Object> r : results.rows()) {
            b.append(r.get("class")).append(' ').append(r.get("classId")).append(' ').append(r.get("probes"));
        }
        return b.toString();
    }

    @Test
    void afterTheResetNoClassIsCoveredAndTheNextSessionsProbesStartUnset() {
        try {
            RuntimeReset.resetAll();
            registerClass("p/First", "00000000000000aa");
            boolean[] probes = ProbeArrays.probes(0, 3);
            probes[0] = true;
            probes[2] = true;
            CoverageResults results = new CoverageResults();
            assertEquals("p/First 00000000000000aa 101", rows(results));

            new CoverageResults().reset();
            RuntimeReset.resetAll();
            assertEquals("", rows(results));
            assertEquals(0, results.summary().get("classes"));
            assertEquals(0L, results.summary().get("probesHit"));
            assertEquals(0L, results.stateBytes());

            registerClass("p/Next", "00000000000000bb");   // the next session's class in slot 0
            ProbeArrays.probes(0, 3)[1] = true;
            assertEquals("p/Next 00000000000000bb 010", rows(results));
        } finally {
            RuntimeReset.resetAll();
        }
    }
}
