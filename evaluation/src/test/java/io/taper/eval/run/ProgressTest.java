package io.taper.eval.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.eval.plan.RunKind;
import io.taper.eval.plan.RunSpec;
import io.taper.eval.plan.Workload;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressTest {

    private static final Workload A = new Workload("a", "cp", "A", List.of(), List.of(), List.of(), true);
    private static final Workload B = new Workload("b", "cp", "B", List.of(), List.of(), List.of(), true);

    @Test
    void etaUsesTheMostSimilarFinishedRuns() {
        List<RunSpec> plan = List.of(
                new RunSpec(A, "", RunKind.NONE, 1), new RunSpec(A, "sfa", RunKind.FIXED, 1),
                new RunSpec(B, "", RunKind.NONE, 1), new RunSpec(B, "sfa", RunKind.FIXED, 1),
                new RunSpec(A, "", RunKind.NONE, 2), new RunSpec(A, "sfa", RunKind.FIXED, 2));
        AtomicLong now = new AtomicLong(1_000_000);
        Progress p = new Progress(plan, now::get);
        assertEquals("run 1/6  elapsed 0:00  ETA ?  a none #1", p.startLine(0));
        now.addAndGet(2_000);
        p.finished(plan.get(0), 2_000);
        // Nothing fixed has finished yet: every remaining run is estimated like the one finished run.
        assertEquals("run 2/6  elapsed 0:02  ETA 0:10  a sfa fixed #1", p.startLine(1));
        now.addAndGet(20_000);
        p.finished(plan.get(1), 20_000);
        // b none: like any none (2 s); b fixed: like any fixed (20 s); a none: 2 s; a fixed: 20 s.
        assertEquals(44_000, p.etaMillis(2));
        assertEquals("run 3/6  elapsed 0:22  ETA 0:44  b none #1", p.startLine(2));
        p.finished(plan.get(2), 4_000);
        p.finished(plan.get(3), 60_000);
        // a's own runs are more similar than b's: a none 2 s, a fixed 20 s.
        assertEquals(22_000, p.etaMillis(4));
        assertEquals(0, p.etaMillis(6));
    }

    @Test
    void durationsAsMinutesOrHours() {
        assertEquals("0:00", Progress.duration(999));
        assertEquals("1:05", Progress.duration(65_000));
        assertEquals("1:00:01", Progress.duration(3_601_000));
    }
}
