package io.taper.e2e.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import io.taper.testing.HeadlessChromium;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * method-time splits running from waiting (a forked JVM): a pool of parked workers and a sleeping thread rank at
 * the top by wall time and nowhere near it by running time, which the default table, the result's rows and
 * {@code runningNanos} agree on; the per-thread breakdown says who waited; the flame graph, opened in a real browser
 * on the sleeping thread's waiting time, draws it with a tooltip of calls, self, running and waiting time.
 */
class ThreadStatesEndToEndTest {

    private static final String MAIN = "io.taper.e2e.profile.fixtures.ParkedWorkers";
    private static final String WORKER_RUN = "java.util.concurrent.ThreadPoolExecutor$Worker.run()V";
    private static final String NAP = MAIN + ".nap()V";
    /** Blocked in native code (accept): the JVM calls the thread running, Taper counts it waiting. */
    private static final String LISTEN = MAIN + ".listen(Ljava/net/ServerSocket;)V";

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void parkedWorkersDoNotRankByRunningTimeButDoByWallTime() throws Exception {
        Path out = tmp.resolve("parked");
        TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "method-time", "--mode", "fixed",
            "--out", out.toString(), "--", "-cp", TaperProcess.fixtureClassPath(), MAIN);
        assertEquals(0, o.exitCode(), o.stderr());
        assertEquals("done true\n", o.stdout());
        Map<String, Map<String, Object>> rows = new HashMap<>();
        for (Map<String, Object> r : o.rows()) {
            rows.put(r.get("class") + "." + r.get("method") + r.get("descriptor"), r);
        }
        for (String m : List.of(WORKER_RUN, NAP, LISTEN)) {
            Map<String, Object> r = rows.get(m);
            long incl = num(r, "inclusiveNanos");
            assertTrue(incl > 500_000_000L, m + " ran the whole second: " + r);
            assertTrue(num(r, "waitingNanos") > incl * 8 / 10, m + " mostly waited: " + r);
            assertTrue(num(r, "runningNanos") < incl / 5, m + ": " + r);
        }
        long compute = num(rows.get(MAIN + ".compute(J)J"), "runningNanos");
        // the four workers' rows are summed; each counts as running until the sampler (10 ms) first sees it parked,
        // which a loaded machine delays: the work outranks them, by how much depends on the machine
        assertTrue(compute > num(rows.get(WORKER_RUN), "runningNanos"), "the work outranks the parked workers");

        // the table: by running time the work comes first and the waiting threads far below it; by wall time the
        // parked pool (four threads for the whole run) tops the work
        String table = o.stderr().substring(o.stderr().indexOf("by running time"));
        int work = rank(table, "ParkedWorkers.compute(long)");
        assertTrue(work <= 2, table);
        assertTrue(rank(table, "ThreadPoolExecutor$Worker.run()") > work, table);
        assertTrue(rank(table, "ParkedWorkers.nap()") > work, table);
        assertTrue(rank(table, "ParkedWorkers.listen(ServerSocket)") > work, table);

        List<Map<String, Object>> threads = (List<Map<String, Object>>) ((Map<String, Object>) o.result()
            .get("summary")).get("threadTimes");
        Map<String, Object> sleeper = threads.stream().filter(t -> "sleeper".equals(t.get("thread"))).findFirst()
            .orElseThrow(() -> new AssertionError(threads.toString()));
        assertTrue(num(sleeper, "waitingNanos") > num(sleeper, "observedNanos") * 8 / 10, sleeper.toString());

        // the flame graph in a real browser, opened on the sleeping thread's waiting time
        String dom = HeadlessChromium.dumpDom(out.resolve("method-time-flamegraph.html"), "view=waiting&thread=sleeper");
        assertTrue(dom.contains("<option value=\"[thread sleeper]\">sleeper</option>"), "thread selector");
        assertTrue(dom.contains("value=\"waiting\" checked") || dom.matches("(?s).*value=\"waiting\"[^>]*checked.*"),
            "the waiting view is on");
        java.util.regex.Matcher nap = java.util.regex.Pattern.compile(
            "class=\"f\" [^>]*title=\"(io.taper.e2e.profile.fixtures.ParkedWorkers.nap\\(\\)[^\"]*)\"").matcher(dom);
        assertTrue(nap.find(), "a known frame is drawn: " + dom.substring(0, Math.min(dom.length(), 3000)));
        assertTrue(nap.group(1).matches(".* \u2014 waiting [0-9.]+ ms \\([0-9.]+% of all\\), self [0-9.]+ ms; "
            + "running [0-9.]+ ms, waiting [0-9.]+ ms, 1 calls"), nap.group(1));

        Path wall = tmp.resolve("wall");
        TaperProcess.Outcome w = TaperProcess.run(wall, "run", "--analysis", "method-time", "--mode", "fixed",
            "--view", "wall", "--out", wall.toString(), "--", "-cp", TaperProcess.fixtureClassPath(), MAIN);
        assertEquals(0, w.exitCode(), w.stderr());
        String wallTable = w.stderr().substring(w.stderr().indexOf("by inclusive wall time"));
        assertTrue(rank(wallTable, "ThreadPoolExecutor$Worker.run()") < rank(wallTable, "ParkedWorkers.compute(long)"),
            wallTable);
    }

    /** The rank of the first table line naming the frame, or 1,000 if it is not in the table. */
    private static int rank(String table, String frame) {
        for (String line : table.lines().toList()) {
            String t = line.trim();
            if (t.endsWith(frame) || t.contains(frame + " [")) {
                return Integer.parseInt(t.substring(0, t.indexOf(' ')));
            }
        }
        return 1_000;
    }

    private static long num(Map<String, Object> row, String key) {
        if (row == null) {
            throw new AssertionError("no row for " + key);
        }
        return ((Number) row.get(key)).longValue();
    }
}
