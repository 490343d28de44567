package io.taper.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a reset after a detach leaves of the audit: off, no removed site, no event, no violation. */
class AuditTest {

    @Test
    void aResetTurnsTheAuditOffAndForgetsSitesEventsViolationsAndRunningSnippets() {
        try {
            Audit.reset();
            Audit.enable();
            assertTrue(Audit.markRemoved(5));
            assertTrue(Audit.markRemoved(100_000));
            Audit.before(5);                  // site 5's snippet runs, and its after() never comes: the session ends
            Audit.resultChanged("cell a");
            assertEquals(2, Audit.report().get("sitesAudited"));
            assertEquals(1L, Audit.report().get("eventsAfterRemoval"));
            assertEquals(1L, Audit.report().get("violations"));

            Audit.reset();
            assertFalse(Audit.enabled());
            assertFalse(Audit.isRemoved(5));
            assertFalse(Audit.isRemoved(100_000));
            assertEquals(Map.of("sitesAudited", 0, "eventsAfterRemoval", 0L, "violations", 0L, "first", List.of()),
                Audit.report());

            Audit.enable();                   // the next session audits too
            Audit.resultChanged("cell b");
            assertEquals(0L, Audit.report().get("violations"), "no removed site's snippet runs on this thread now");
            assertTrue(Audit.markRemoved(5), "removed anew by the next session");
            Audit.before(5);
            Audit.resultChanged("cell c");
            Audit.after(5);
            Map<String, Object> report = Audit.report();
            assertEquals(1, report.get("sitesAudited"));
            assertEquals(1L, report.get("eventsAfterRemoval"));
            assertEquals(1L, report.get("violations"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> first = (List<Map<String, Object>>) report.get("first");
            assertEquals(1, first.size());
            assertEquals("cell c", first.get(0).get("change"));
        } finally {
            Audit.reset();
        }
    }
}
