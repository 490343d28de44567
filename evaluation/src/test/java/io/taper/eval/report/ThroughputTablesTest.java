package io.taper.eval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.eval.plan.RunKind;
import io.taper.eval.run.RunLog;
import io.taper.eval.run.RunRecord;
import io.taper.eval.run.RunStatus;
import io.taper.eval.run.Throughput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThroughputTablesTest {

    private static RunRecord run(String workload, RunKind mode, int round, long wallMillis, String requests) {
        return new RunRecord(workload, mode.instrumented() ? "sfa" : "", mode, round, RunStatus.OK, 0, wallMillis, -1,
                "out", "", workload + "/" + mode + "-" + round,
                requests == null ? null : Throughput.parse("throughput windowMillis=1000 requests=" + requests), 0);
    }

    private static EvalData data() {
        List<RunRecord> runs = new ArrayList<>(List.of(
                run("serve", RunKind.NONE, 1, 10_000, "50,100,100,100,100,100"),
                run("serve", RunKind.NONE, 2, 10_000, "50,100,100,100,120,120"),
                run("serve", RunKind.FIXED, 1, 12_000, "10,20,25,25,25,25"),
                run("serve", RunKind.ADAPTIVE, 1, 12_000, "10,40,80,95,100,100"),
                run("batch", RunKind.NONE, 1, 2_000, null),
                run("batch", RunKind.FIXED, 1, 4_000, null),
                run("batch", RunKind.ADAPTIVE, 1, 5_000, null)));
        return new EvalData(Path.of("unused"), new RunLog("ci", List.of(), "m", "t", List.of("serve", "batch"),
                List.of("serve"), runs));
    }

    @Test
    void steadyStateOverheadAndSettlingTime() {
        TextTable t = ThroughputTables.table(data(), "sfa");
        // none: steady 100 and 120 -> median 110; fixed 25; adaptive 100; settled: every window from the one
        // starting at 4 s reaches 110 * 0.9 = 99 (the 95 before it does not)
        assertEquals(List.of(List.of("serve", "110", "25", "4.40×", "100", "1.10×", "4 s", "6")), t.rows());
    }

    @Test
    void servingWorkloadsLeaveTheGeometricMeanAndSlowerAdaptiveIsFlagged() {
        TextTable t = OverheadTables.wallTime(data(), "sfa");
        assertEquals("serve ‡", t.rows().get(0).get(0));
        assertEquals("0.80× !", t.rows().get(1).get(6));
        assertEquals(List.of("geometric mean", "", "", "2.00×", "", "2.50×", "0.80×", ""), t.rows().get(2));
        assertEquals("! adaptive slower than fixed: batch.", t.notes().get(t.notes().size() - 1));
    }
}
