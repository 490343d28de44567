package io.taper.eval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.eval.plan.RunKind;
import io.taper.eval.run.RunLog;
import io.taper.eval.run.RunRecord;
import io.taper.eval.run.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The adaptive-against-fixed table of bytecode counts, from result files written here. */
class BytecodeCountTablesTest {

    @TempDir
    Path dir;

    private RunRecord run(String workload, RunKind mode, long total, long extrapolated, long... methodCounts)
            throws Exception {
        String runDir = workload + "/" + mode;
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < methodCounts.length; i++) {
            rows.append(i == 0 ? "" : ",").append("{\"class\":\"a.C\",\"method\":\"m").append(i)
                .append("\",\"descriptor\":\"()V\",\"bytecodes\":").append(methodCounts[i]).append('}');
        }
        Files.createDirectories(dir.resolve(runDir));
        Files.writeString(dir.resolve(runDir).resolve("result.json"), "{\"format\":1,\"analysis\":\"bytecode-count\","
            + "\"mode\":\"" + mode + "\",\"rows\":[" + rows + "],\"summary\":{\"bytecodes\":" + total
            + ",\"extrapolatedBytecodes\":" + extrapolated + "},\"stats\":{}}");
        return new RunRecord(workload, mode.instrumented() ? "bytecode-count" : "", mode, 1, RunStatus.OK, 0, 1000, -1,
            "out", "", runDir, null, 0);
    }

    @Test
    void errorExtrapolatedShareAndTopMethods() throws Exception {
        long[] same = new long[25];
        long[] swapped = new long[25];
        for (int i = 0; i < 25; i++) {
            same[i] = 1000 - i;
            swapped[i] = i == 19 ? 1 : i == 24 ? 2000 : 1000 - i;    // m24 enters the top 20, m19 leaves it
        }
        List<RunRecord> runs = List.of(run("a", RunKind.FIXED, 10_000, 0, same),
            run("a", RunKind.ADAPTIVE, 9_950, 2_000, same),
            run("b", RunKind.FIXED, 1_000, 0, same),
            run("b", RunKind.ADAPTIVE, 1_000, 0, swapped));
        EvalData d = new EvalData(dir, new RunLog("ci", List.of(), "m", "t", List.of("a", "b"), List.of(), runs));
        TextTable t = BytecodeCountTables.accuracy(d);
        assertEquals(List.of("a", "10000", "9950", "-0.5 %", "20.1 %", "yes"), t.rows().get(0));
        assertEquals(List.of("b", "1000", "1000", "0.0 %", "0.0 %", "no (19 of 20)"), t.rows().get(1));
    }
}
