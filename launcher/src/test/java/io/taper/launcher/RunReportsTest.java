package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which analyses have reports after a run, and where reports say what they did. */
class RunReportsTest {

    @TempDir
    Path tmp;

    @Test
    void theAnalysesWithReportsAndThoseWithout() {
        assertEquals(List.of(true, true, true, true, false, false),
            List.of("sfa", "method-time", "coverage", "bytecode-count", "method-count", "no-such-analysis").stream()
                .map(RunReports::any).toList());
    }

    @Test
    void aReportThatFailsSaysSoOnTheErrorStreamEvenWhenTheConsoleIsQuiet() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        RunReports.write(Map.of("analysis", "sfa", "rows", "not a list of rows"), tmp,
            new PrintStream(console, true, StandardCharsets.UTF_8), new PrintStream(errors, true, StandardCharsets.UTF_8),
            true);
        assertEquals("", console.toString(StandardCharsets.UTF_8));
        assertTrue(errors.toString(StandardCharsets.UTF_8).startsWith("[taper] could not write the sfa report: "),
            errors.toString(StandardCharsets.UTF_8));
    }
}
