package io.taper.analysis.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.taper.analysis.sfa.internal.ConstructorStack;
import io.taper.analysis.sfa.internal.FieldEvents;
import io.taper.analysis.sfa.internal.SiteKinds;
import io.taper.runtime.RuntimeReset;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** After a detach's reset the analysis reports nothing of the session before, and judges the next one afresh. */
class SfaResultsTest {

    static final class Point {
        int x;
    }

    private static final String POINT = "io/taper/analysis/sfa/SfaResultsTest$Point";

    /** The session's two sites, numbered from 0 as every session's are: a read and a write of {@code Point.x}. */
    private static void registerSites() {
        SiteRegistry.register(List.of(site(0, SiteKinds.READ), site(1, SiteKinds.WRITE)));
    }

    private static SiteInfo site(int id, String kind) {
        return new SiteInfo(id, 0, "some/Code", "run", "()V", 3, kind, "", true,
            Map.of("field.owner", POINT, "field.name", "x", "field.desc", "I", "field.final", "false"));
    }

    private static String rows(SfaResults results) {
        StringBuilder b = new StringBuilder();
        for (Map<String, Object> r : results.rows()) {
            b.append(r.get("field")).append(' ').append(r.get("category")).append(' ').append(r.get("verdict"));
        }
        return b.toString();
    }

    @Test
    void afterTheResetNoFieldIsReportedAndTheNextSessionJudgesAfresh() {
        try {
            new SfaResults().reset();
            RuntimeReset.resetAll();
            registerSites();
            Point p = new Point();
            FieldEvents.read(p, 0);
            FieldEvents.write(p, 1);
            ConstructorStack.push(p);   // a constructor still running when the session ends
            SfaResults results = new SfaResults();
            assertEquals("x nF non-stationary", rows(results));
            assertEquals(1L, ((Map<?, ?>) results.summary().get("readMarks")).get("objectsInIdentityMap"));

            new SfaResults().reset();
            RuntimeReset.resetAll();
            assertEquals(0, FieldEvents.state().fields().size());
            assertFalse(ConstructorStack.contains(p));
            SfaResults next = new SfaResults();
            assertEquals("", rows(next));
            assertEquals(0L, ((Map<?, ?>) next.summary().get("readMarks")).get("objectsInIdentityMap"));

            registerSites();   // the next session: the same ids, its listener binds them again
            FieldEvents.write(p, 1);   // p was read before the reset: not in this session
            FieldEvents.read(p, 0);
            assertEquals("x nF stationary", rows(next));
        } finally {
            new SfaResults().reset();
            RuntimeReset.resetAll();
        }
    }
}
