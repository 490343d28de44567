package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which analyses have reports after a run: the launcher reads result.json back only for those. */
class RunReportsTest {

    @Test
    void theAnalysesWithReportsAndThoseWithout() {
        assertEquals(List.of(true, true, true, true, false, false),
            List.of("sfa", "method-time", "coverage", "bytecode-count", "method-count", "no-such-analysis").stream()
                .map(RunReports::any).toList());
    }
}
