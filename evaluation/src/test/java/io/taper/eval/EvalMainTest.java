package io.taper.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.eval.plan.RunKind;
import io.taper.eval.run.RunLog;
import io.taper.eval.run.RunRecord;
import io.taper.eval.run.RunStatus;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness end to end against a stand-in launcher script (src/test/resources/fake-taper.sh): real
 * subprocesses, a failing and a timed-out run among successful ones, the accuracy pass and the reports.
 */
class EvalMainTest {

    @TempDir
    Path dir;

    private Path taper;
    private Path workloads;

    @BeforeEach
    void setUp() throws Exception {
        taper = dir.resolve("taper");
        try (InputStream in = EvalMainTest.class.getResourceAsStream("/fake-taper.sh")) {
            Files.copy(in, taper);
        }
        Files.setPosixFilePermissions(taper, PosixFilePermissions.fromString("rwxr-xr-x"));
        workloads = dir.resolve("workloads.json");
        Files.writeString(workloads, """
                [{"name": "good", "classPath": "/good.jar", "mainClass": "Ok", "args": ["--n", "1"], "deterministic": true},
                 {"name": "bad", "classPath": "/bad.jar", "mainClass": "Fail"},
                 {"name": "slow", "classPath": "/slow.jar", "mainClass": "SlowFixed"}]""");
    }

    @Test
    void failuresAndTimeoutsAreRecordedAndTheRestRuns() throws Exception {
        Path out = dir.resolve("out");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int rc = EvalMain.execute(new String[] {"--taper", taper.toString(), "--workload-file", workloads.toString(),
            "--workloads", "good,bad,slow", "--analyses", "sfa,method-time", "--timeout", "2", "--out", out.toString(),
            "--check"}, print(stdout), print(stderr));
        assertEquals(1, rc, stderr.toString(StandardCharsets.UTF_8));

        RunLog log = RunLog.read(out);
        assertEquals(18, log.runs().size());
        assertEquals(List.of("good"), log.deterministic());
        for (RunRecord r : log.runs()) {
            RunStatus expected = r.workload().equals("bad") ? RunStatus.FAILED
                    : r.workload().equals("slow") && r.mode() == RunKind.FIXED && r.analysis().equals("sfa")
                    ? RunStatus.TIMEOUT : RunStatus.OK;
            assertEquals(expected, r.status(), r.runDir());
        }
        RunRecord good = log.runs().get(2);
        assertEquals("good/sfa/fixed-1", good.runDir());
        assertEquals("Ok checksum=42", good.output());
        assertTrue(good.cpuMillis() >= 0);
        assertEquals("sfa fixed -Xms1g -Xmx1g -XX:+UseParallelGC -cp /good.jar Ok --n 1\n",
                Files.readString(out.resolve("good/sfa/fixed-1/invocation.txt")));
        assertEquals("exit code 3: boom: workload crashed", log.runs().get(6).error());
        assertEquals("timed out after 2 s", log.runs().get(14).error());

        // The accuracy pass compared each method-time run of "good" with its round's recording.
        assertEquals("{\"results\": [{\"match\": 14, \"sad\": 20, \"mad\": 1.25}]}",
                Files.readString(out.resolve("good/method-time/adaptive-1/accuracy.json")));

        String err = stderr.toString(StandardCharsets.UTF_8);
        assertTrue(err.contains("[taper eval] run 1/18  elapsed 0:00  ETA ?  good none #1\n"), err);
        assertTrue(err.contains("[taper eval]   FAILED "), err);
        assertTrue(err.contains("[taper eval]   TIMEOUT "), err);
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| bad | failed | failed | – | failed | – | – | 0/1 0/1 0/1 |"), md);
        assertTrue(java.util.regex.Pattern.compile(
                "\\| slow \\| [0-9.]+ \\| timeout \\| – \\| [0-9.]+ \\| [0-9.]+× \\| – \\| 1/1 0/1 1/1 \\|\n").matcher(md).find(), md);
        assertTrue(md.contains("| good | 10 | 6 | 60.0 % | 150 | 60 | 40.0 % |"), md);
        assertTrue(md.contains("| good | 12 | 40 | 2.5 | 14 | 20 | 1.3 |"), md);
        assertEquals(19, Files.readAllLines(out.resolve("runs.csv")).size());
        String report = stdout.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("7 problem(s):"), report);
    }

    @Test
    void reportOnlyRedrawsFromRunsJson() throws Exception {
        Path out = dir.resolve("out");
        assertEquals(0, EvalMain.execute(new String[] {"--taper", taper.toString(), "--workload-file", workloads.toString(),
            "--workloads", "good", "--analyses", "sfa", "--out", out.toString(), "--check"},
                print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream())));
        Files.delete(out.resolve("report.md"));
        assertEquals(0, EvalMain.execute(new String[] {"--report-only", "--out", out.toString(), "--check"},
                print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream())));
        assertTrue(Files.readString(out.resolve("report.md")).contains("| good | 3 | 1 | yes | Ok checksum=42 |"));
    }

    @Test
    void usageErrorsExitWithTwo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, EvalMain.execute(new String[] {"--workloads", "nope", "--dry-run"},
                print(new ByteArrayOutputStream()), print(err)));
        assertEquals("taper eval: unknown workload \"nope\"; known: h2, lucene, xalan, fop, pmd, jackson, javac, rhino, serve, peer-tests, ant\n",
                err.toString(StandardCharsets.UTF_8));
        assertEquals(2, EvalMain.execute(new String[] {"--preset", "huge"}, print(new ByteArrayOutputStream()),
                print(new ByteArrayOutputStream())));
    }

    @Test
    void helpListsEveryOption() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, EvalMain.execute(new String[] {"--help"}, print(out), print(new ByteArrayOutputStream())));
        String help = out.toString(StandardCharsets.UTF_8);
        for (String option : List.of("--preset", "--workloads", "--analyses", "--modes", "--runs", "--out", "--timeout",
                "--workload-file", "--jvm-flags", "--no-jfr", "--lossless", "--check", "--taper", "--report-only",
                "--dry-run", "--list")) {
            assertTrue(help.contains(option), option);
        }
    }

    @Test
    void dryRunPrintsThePlan() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, EvalMain.execute(new String[] {"--dry-run", "--workloads", "h2", "--analyses", "sfa",
            "--runs", "2", "--taper", "/x/taper", "--out", "/tmp/e"}, print(out), print(new ByteArrayOutputStream())));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(List.of("6 runs:", "  h2 none #1", "  h2 sfa fixed #1", "  h2 sfa adaptive #1", "  h2 none #2",
                "  h2 sfa fixed #2", "  h2 sfa adaptive #2"), lines.subList(0, 7));
        assertTrue(lines.get(7).startsWith("first command: /x/taper run --analysis sfa --mode none --out /tmp/e/h2/none-1"
                + " -- -Xms1g -Xmx1g -XX:+UseParallelGC -cp "), lines.get(7));
        assertTrue(lines.get(7).endsWith(" io.taper.eval.workloads.H2Workload --size ci"), lines.get(7));
    }

    private static PrintStream print(ByteArrayOutputStream b) {
        return new PrintStream(b, true, StandardCharsets.UTF_8);
    }
}
