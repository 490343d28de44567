package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JVMs started with {@code taper agent}'s options share one server: ten started at once make one between them, each
 * with its own results; a server killed under five running JVMs leaves every program's output and exit code as they
 * were, and each result says the server was lost.
 */
class SharedServerEndToEndTest {

    @TempDir
    Path tmp;

    private Path serverDir() {
        return tmp.resolve("srv");
    }

    @AfterEach
    void stopServer() throws Exception {
        TaperProcess.run(tmp.resolve("stop"), "server", "stop", "--server-dir", serverDir().toString());
    }

    private List<String> agentOptions(Path out) throws Exception {
        TaperProcess.Outcome o = TaperProcess.run(tmp.resolve("agent"), "agent", "--analysis", "method-count", "--mode",
            "fixed", "--startup-pass", "background", "--server-dir", serverDir().toString(), "--idle-stop", "60", "--out",
            out.toString());
        assertEquals(0, o.exitCode(), o.stderr());
        return List.of(o.stdout().strip().split(" "));
    }

    private static Process java(List<String> options, Path log, String main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(options);
        cmd.addAll(List.of("-cp", TaperProcess.fixtureClassPath(), main));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> results(Path out) throws Exception {
        List<Map<String, Object>> found = new ArrayList<>();
        try (var dirs = Files.newDirectoryStream(out, "jvm-*")) {
            for (Path d : dirs) {
                found.add(TaperProcess.readJson(d.resolve("agent-result.json")));
            }
        }
        return found;
    }

    @Test
    @SuppressWarnings("unchecked")
    void tenJvmsStartedAtOnceShareOneServer() throws Exception {
        Path out = tmp.resolve("out");
        List<String> options = agentOptions(out);
        List<Process> jvms = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            jvms.add(java(options, tmp.resolve("jvm" + i + ".log"), MethodCountEndToEndTest.MAIN));
        }
        for (int i = 0; i < jvms.size(); i++) {
            assertTrue(jvms.get(i).waitFor(120, TimeUnit.SECONDS));
            assertEquals(7, jvms.get(i).exitValue(), Files.readString(tmp.resolve("jvm" + i + ".log")));
        }
        List<Map<String, Object>> results = results(out);
        assertEquals(10, results.size());
        Set<Object> serverPids = new HashSet<>();
        int started = 0;
        for (Map<String, Object> r : results) {
            Map<String, Object> shared = (Map<String, Object>) ((Map<String, Object>) r.get("stats")).get("sharedServer");
            assertNotNull(shared, r.get("stats").toString());
            assertEquals(null, shared.get("unavailable"), shared.toString());
            serverPids.add(shared.get("pid"));
            started += Boolean.TRUE.equals(shared.get("started")) ? 1 : 0;
            // each JVM's own counts, exact: fib(10) recursively is 177 calls
            double fib = ((List<Map<String, Object>>) r.get("rows")).stream()
                .filter(x -> MethodCountEndToEndTest.MAIN.equals(x.get("class")) && "fib".equals(x.get("method")))
                .mapToDouble(x -> ((Number) x.get("entries")).doubleValue()).sum();
            assertEquals(177.0, fib);
        }
        assertEquals(1, serverPids.size(), "one server for all ten: " + serverPids);
        assertEquals(1, started, "one JVM started it, nine joined");
        try (var dirs = Files.newDirectoryStream(out, "jvm-*")) {
            for (Path d : dirs) {
                assertTrue(Files.isRegularFile(d.resolve("server-stats.json")), d + ": the session's statistics");
            }
        }
        TaperProcess.Outcome status = TaperProcess.run(tmp.resolve("status"), "server", "status", "--server-dir",
            serverDir().toString());
        assertEquals(0, status.exitCode(), status.stderr());
        Map<String, Object> s = new com.google.gson.Gson().fromJson(status.stdout(), Map.class);
        assertEquals(10.0, s.get("sessionsOpened"));
        assertEquals(0.0, s.get("sessionsOpen"));
        assertEquals(((Number) serverPids.iterator().next()).doubleValue(), ((Number) s.get("pid")).doubleValue());

        TaperProcess.Outcome stop = TaperProcess.run(tmp.resolve("stop1"), "server", "stop", "--server-dir",
            serverDir().toString());
        assertEquals(0, stop.exitCode(), stop.stderr());
        assertTrue(stop.stdout().startsWith("stopped "), stop.stdout());
        assertEquals(3, TaperProcess.run(tmp.resolve("status2"), "server", "status", "--server-dir",
            serverDir().toString()).exitCode());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aServerKilledUnderFiveRunningJvmsLeavesEveryProgramAsItWas() throws Exception {
        Path out = tmp.resolve("out");
        List<String> options = agentOptions(out);
        Path go = tmp.resolve("go");
        List<Process> jvms = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            jvms.add(java(options, tmp.resolve("jvm" + i + ".log"), "io.taper.e2e.fixtures.WaitsForGo", go.toString()));
        }
        // every program runs (its session opened in premain) before the server is killed
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        for (int i = 0; i < 5; i++) {
            Path log = tmp.resolve("jvm" + i + ".log");
            while (!Files.readString(log).contains("before 190") && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        }
        long pid = Long.parseLong(Files.readString(serverDir().resolve("server.pid")).trim());
        ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
        server.destroyForcibly();
        server.onExit().get(10, TimeUnit.SECONDS);
        Files.writeString(go, "");
        for (int i = 0; i < jvms.size(); i++) {
            assertTrue(jvms.get(i).waitFor(120, TimeUnit.SECONDS));
            String log = Files.readString(tmp.resolve("jvm" + i + ".log"));
            assertEquals(3, jvms.get(i).exitValue(), log);
            assertTrue(log.contains("before 190\n") && log.contains("after 41 k\n"), log);
        }
        List<Map<String, Object>> results = results(out);
        assertEquals(5, results.size());
        for (Map<String, Object> r : results) {
            Map<String, Object> stats = (Map<String, Object>) r.get("stats");
            assertEquals((double) pid, ((Number) ((Map<String, Object>) stats.get("sharedServer")).get("pid")).doubleValue());
            assertNotNull(stats.get("serverUnavailable"), "the result says the server was lost: " + stats);
            assertTrue(((List<Map<String, Object>>) r.get("rows")).stream()
                .anyMatch(x -> "io.taper.e2e.fixtures.KillsServer$Phase".equals(x.get("class"))), "rows from before");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void runsOnTheSharedServerGetTheSameResultsAsOnTheirOwn() throws Exception {
        Map<String, Double> own = null;
        for (String server : List.of("own", "shared", "shared")) {
            Path out = tmp.resolve("run-" + server + (own == null ? "" : "-" + System.nanoTime()));
            TaperProcess.Outcome o = TaperProcess.run(out, "run", "--analysis", "method-count", "--mode", "fixed",
                "--quiet", "--server", server, "--server-dir", serverDir().toString(), "--out", out.toString(), "--",
                "-cp", TaperProcess.fixtureClassPath(), MethodCountEndToEndTest.MAIN);
            assertEquals(7, o.exitCode(), o.stderr());
            Map<String, Double> entries = new java.util.TreeMap<>();
            for (Map<String, Object> r : o.rows()) {
                if (String.valueOf(r.get("class")).startsWith("io.taper.e2e.")) {
                    entries.merge(r.get("class") + "." + r.get("method") + r.get("descriptor"),
                        ((Number) r.get("entries")).doubleValue(), Double::sum);
                }
            }
            Map<String, Object> launch = (Map<String, Object>) o.result().get("launch");
            if (own == null) {
                own = entries;
                assertEquals(null, launch.get("sharedServer"));
            } else {
                assertEquals(own, entries, "the program's own counts, exact either way");
                Map<String, Object> shared = (Map<String, Object>) launch.get("sharedServer");
                assertNotNull(shared, launch.toString());
                assertEquals(null, shared.get("unavailable"), shared.toString());
                assertTrue(Files.isRegularFile(out.resolve("server-stats.json")), "the session's statistics");
                assertEquals(null, o.stats().get("serverProblem"), o.stats().toString());
            }
        }
        assertTrue(own.get(MethodCountEndToEndTest.MAIN + ".fib(I)I") == 177.0, own.toString());
    }
}
