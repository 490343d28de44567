package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The controller's line of the summary, as result.json's values (numbers read back as doubles) give it. */
class RunSummaryTest {

    private static final String NL = System.lineSeparator();

    @Test
    void theControllerLineSaysTheCallsTheWeavingBeforeThemAndTheStop() {
        Map<String, Object> c = Map.of("batches", 3.0, "pauseMillis", 120.517,
            "ahead", Map.of("classes", 40.0, "ready", 40.0, "used", 40.0, "millis", 81.6),
            "stoppedMillis", 41.0, "stoppedMillisPerBatch", Map.of("median", 12.5, "max", 19.0));
        assertEquals("[taper] controller: 3 retransformation calls, 121 ms in them (40 of 40 classes woven before them, "
            + "in 82 ms); the program stood still 41 ms (per call median 12.5, max 19)" + NL, RunSummary.controllerCalls(c));
    }

    @Test
    void withoutWeavingAheadOrAReadableStopTheLineSaysTheCallsOnly() {
        Map<String, Object> c = Map.of("batches", 2.0, "pauseMillis", 30.2,
            "ahead", Map.of("classes", 5.0, "ready", 0.0, "used", 0.0, "millis", 1.0));
        assertEquals("[taper] controller: 2 retransformation calls, 30 ms in them" + NL, RunSummary.controllerCalls(c));
    }

    @Test
    void aRunWithoutControllerCallsPrintsNoControllerLine() {
        Map<String, Object> result = Map.of("analysis", "sfa", "mode", "adaptive", "exitCode", 0.0, "rows", List.of(),
            "stats", Map.of("wallMillis", 10.0, "controller", Map.of("batches", 0.0, "sitesSwitchedOff", 4.0)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RunSummary.print(result, Path.of("out"), new PrintStream(out, true, StandardCharsets.UTF_8));
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("[taper] controller:"), out.toString());
    }
}
