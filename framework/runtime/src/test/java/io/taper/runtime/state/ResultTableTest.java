package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ResultTableTest {

    private static Map<String, Object> row(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void rowsHaveKeysThenColumnsAndTheFilterApplies() {
        KeySlots<String> methods = new KeySlots<>();
        Counters calls = new Counters();
        Flags covered = new Flags();
        int a = methods.slot("A.a()V");
        int b = methods.slot("A.b()V");
        methods.slot("A.c()V");
        calls.add(a, 3);
        covered.set(a);
        calls.inc(b);
        ResultTable t = ResultTable.over(methods::size)
                .key("method", methods)
                .key("length", s -> methods.key(s).length())
                .column("calls", calls)
                .column("covered", covered)
                .where(r -> (Long) r.get("calls") > 0)
                .build();
        assertEquals(List.of(
                row("method", "A.a()V", "length", 6, "calls", 3L, "covered", true),
                row("method", "A.b()V", "length", 6, "calls", 1L, "covered", false)), t.rows());
        assertEquals(List.of("method", "length", "calls", "covered"), List.copyOf(t.rows().get(0).keySet()));
    }

    @Test
    void longTableColumnsAndMaximum() {
        LongTable times = new LongTable("count", "nanos", "max");
        times.addPair(0, 1, 100);
        times.addPair(0, 1, 50);
        times.max(0, 2, 100);
        times.max(0, 2, 50);
        times.add(1, 2, 9);
        ResultTable t = ResultTable.over(() -> 2)
                .key("slot", s -> s)
                .column("count", times.column(0))
                .column("nanos", times.column(1))
                .column("max", times.column(2))
                .build();
        assertEquals(List.of(row("slot", 0, "count", 2L, "nanos", 150L, "max", 100L),
                row("slot", 1, "count", 0L, "nanos", 0L, "max", 9L)), t.rows());
    }

    /**
     * Writers keep count == nanos in every row (both cells added together); every snapshot taken while
     * they run must show that, which a cell-by-cell copy would not.
     */
    @Test
    void snapshotsNeverShowHalfAnUpdate() throws InterruptedException {
        LongTable table = new LongTable("count", "nanos");
        int slots = 64;
        ResultTable t = ResultTable.over(() -> slots)
                .key("slot", s -> s)
                .column("count", table.column(0))
                .column("nanos", table.column(1))
                .build();
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicInteger snapshots = new AtomicInteger();
        AtomicInteger finishedWriters = new AtomicInteger();
        Concurrently.run(5, th -> {
            if (th < 4) {
                for (int i = 0; i < 400_000; i++) {
                    table.addPair(i & (slots - 1), 1, 1);
                }
                if (finishedWriters.incrementAndGet() == 4) {
                    writing.set(false);
                }
            } else {
                while (writing.get()) {
                    for (Map<String, Object> r : t.rows()) {
                        if (!r.get("count").equals(r.get("nanos"))) {
                            throw new AssertionError("torn row " + r);
                        }
                    }
                    snapshots.incrementAndGet();
                }
            }
        });
        assertTrue(snapshots.get() > 0);
        assertEquals(0, table.gate().timeouts());
        for (Map<String, Object> r : t.rows()) {
            assertEquals(4L * 400_000 / slots, r.get("count"));
            assertEquals(4L * 400_000 / slots, r.get("nanos"));
        }
    }
}
