package io.taper.eval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Lenient reading of result.json and of SFA rows: names and shapes that other modules may choose. */
class RunResultTest {

    @Test
    void statisticsAreFoundByNameAtAnyDepthShallowestFirst() {
        RunResult r = parse("""
                {"rows": [], "stats": {"sites_woven": 7, "controller": {"sitesRemoved": 3, "batches": [1, 2, 3]},
                 "server": {"sitesRemoved": 99, "cpuMillis": 12}, "pauseMillis": "4.5"}}""");
        assertEquals(OptionalDouble.of(7), r.stat(RunResult.SITES_WOVEN));
        assertEquals(OptionalDouble.of(3), r.stat(RunResult.SITES_REMOVED));
        assertEquals(OptionalDouble.of(3), r.stat(RunResult.BATCHES), "an array counts as its size");
        assertEquals(OptionalDouble.of(4.5), r.stat(RunResult.PAUSE_MILLIS));
        assertEquals(OptionalDouble.of(12), r.serverCpuMillis());
        assertEquals(OptionalDouble.empty(), r.stat(RunResult.SITES_ACTIVE));
    }

    @Test
    void sitesTakenOutAreTheRemovedAndTheSwitchedOff() {
        assertEquals(OptionalDouble.of(10), parse("{\"stats\": {\"controller\": {\"sitesRemoved\": 3, \"sitesSwitchedOff\": 7}}}")
                .sitesTakenOut());
        assertEquals(OptionalDouble.of(3), parse("{\"stats\": {\"sitesRemoved\": 3}}").sitesTakenOut());
        assertEquals(OptionalDouble.empty(), parse("{\"stats\": {\"sitesWoven\": 3}}").sitesTakenOut());
    }

    @Test
    void batchesAreTheControllersNotTheAgentsStartUpBatches() {
        assertEquals(OptionalDouble.of(2), parse("""
                {"stats": {"retransformBatches": 18, "controller": {"batches": 2, "batchLog": []}}}""")
                .stat(RunResult.BATCHES));
    }

    @Test
    void removalEventsAsNumbersOrObjects() {
        assertEquals(List.of(new RunResult.Removal(5, 1), new RunResult.Removal(9, 1)),
                parse("{\"stats\": {\"removedAtMillis\": [9, 5]}}").removals());
        assertEquals(List.of(new RunResult.Removal(100, 3), new RunResult.Removal(250, 1)),
                parse("""
                        {"stats": {"controller": {"removals": [{"t": 250, "site": 17}, {"atMillis": 100, "count": 3}]}}}""")
                        .removals());
        assertTrue(parse("{\"stats\": {}}").removals().isEmpty());
    }

    @Test
    void invocationsFromTheTotalElseFromTheRows() {
        assertEquals(OptionalDouble.of(30), parse("{\"rows\": [{\"calls\": 10}, {\"calls\": 20}, {\"x\": 1}]}").invocations());
        assertEquals(OptionalDouble.of(5), parse("{\"rows\": [{\"calls\": 10}], \"summary\": {\"invocations\": 5}}")
                .invocations());
        assertEquals(OptionalDouble.empty(), parse("{\"rows\": [{\"x\": 1}]}").invocations());
    }

    @Test
    void sfaRowsInSeveralShapes() {
        assertEquals(new SfaField("p.C.f", SfaField.Category.UF, true),
                SfaField.of(JsonParser.parseString("{\"class\": \"p.C\", \"field\": \"f\", \"category\": \"uF\","
                        + " \"stationary\": true}").getAsJsonObject()));
        assertEquals(new SfaField("p.C.g", SfaField.Category.NF, false),
                SfaField.of(JsonParser.parseString("{\"key\": \"p.C.g\", \"finality\": \"not-final\","
                        + " \"verdict\": \"non-stationary\"}").getAsJsonObject()));
        assertEquals(new SfaField("p.C.h", SfaField.Category.DF, null),
                SfaField.of(JsonParser.parseString("{\"owner\": \"p.C\", \"name\": \"h\", \"declaredFinal\": true}")
                        .getAsJsonObject()));
        assertEquals(new SfaField("p.C.i", SfaField.Category.NF, true),
                SfaField.of(JsonParser.parseString("{\"owner\": \"p.C\", \"name\": \"i\", \"category\": \"¬F\","
                        + " \"stationary\": \"stationary\"}").getAsJsonObject()));
    }

    private static RunResult parse(String json) {
        return RunResult.of(JsonParser.parseString(json).getAsJsonObject());
    }
}
