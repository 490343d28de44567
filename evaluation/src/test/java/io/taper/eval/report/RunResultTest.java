package io.taper.eval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The statistics the reports take from a result.json, each at the one path Taper writes it. */
class RunResultTest {

    private static final String HEAD = "{\"format\": 1, \"analysis\": \"%s\", \"mode\": \"adaptive\", ";

    @Test
    void statisticsAtTheirPaths() {
        RunResult r = parse("sfa", """
                "rows": [], "stats": {"sitesWoven": 7, "sitesRemoved": 3, "serverCpuMillis": 12,
                 "controller": {"batches": 2, "pauseMillis": 4.5}, "server": {"sitesActive": 99},
                 "state": {"peakBytes": 1024, "budgetBytes": 4096, "budgetReached": true}}}""");
        assertEquals(OptionalDouble.of(7), r.stat(RunResult.Stat.SITES_WOVEN));
        assertEquals(OptionalDouble.of(3), r.stat(RunResult.Stat.SITES_REMOVED));
        assertEquals(OptionalDouble.of(2), r.stat(RunResult.Stat.BATCHES));
        assertEquals(OptionalDouble.of(4.5), r.stat(RunResult.Stat.PAUSE_MILLIS));
        assertEquals(OptionalDouble.of(12), r.stat(RunResult.Stat.SERVER_CPU_MILLIS));
        assertEquals(OptionalDouble.empty(), r.stat(RunResult.Stat.SITES_ACTIVE), "the server's is not the run's");
        assertEquals(OptionalDouble.of(1024), r.peakStateBytes());
        assertEquals(OptionalDouble.of(4096), r.stat(RunResult.Stat.STATE_BUDGET_BYTES));
        assertTrue(r.stateBudgetReached());
    }

    @Test
    void sitesTakenOutAreTheRemovedAndTheSwitchedOff() {
        assertEquals(OptionalDouble.of(10), parse("sfa", "\"stats\": {\"sitesRemoved\": 3, \"controller\": "
                + "{\"sitesSwitchedOff\": 7}}}").sitesTakenOut());
        assertEquals(OptionalDouble.of(3), parse("sfa", "\"stats\": {\"sitesRemoved\": 3}}").sitesTakenOut());
        assertEquals(OptionalDouble.empty(), parse("sfa", "\"stats\": {\"sitesWoven\": 3}}").sitesTakenOut());
    }

    @Test
    void batchesAreTheControllersNotTheAgentsStartUpBatches() {
        RunResult r = parse("sfa", "\"stats\": {\"retransformBatches\": 18, \"controller\": {\"batchLog\": []}}}");
        assertEquals(OptionalDouble.empty(), r.stat(RunResult.Stat.BATCHES));
    }

    @Test
    void invocationsAreTheRowsCallsOrEntries() {
        assertEquals(OptionalDouble.of(30), parse("method-time",
                "\"rows\": [{\"invocations\": 10}, {\"invocations\": 20}]}").invocations());
        assertEquals(OptionalDouble.of(5), parse("method-count", "\"rows\": [{\"entries\": 5}]}").invocations());
        assertEquals(OptionalDouble.empty(), parse("sfa", "\"rows\": []}").invocations());
    }

    @Test
    void aNegativePeakStateIsNotMeasured() {
        RunResult r = parse("sfa", "\"stats\": {\"state\": {\"peakBytes\": -1, \"budgetReached\": false}}}");
        assertEquals(OptionalDouble.empty(), r.peakStateBytes());
        assertFalse(r.stateBudgetReached());
    }

    private static RunResult parse(String analysis, String rest) {
        return RunResult.of(JsonParser.parseString(String.format(HEAD, analysis) + rest).getAsJsonObject());
    }
}
