package io.taper.eval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.eval.run.RunLog;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reports from a fixed evaluation (src/test/resources/report-fixture: runs.json and each run's
 * result.json / accuracy.json): two workloads, two rounds, sfa and method-time, with a timed-out run,
 * failed JFR runs, a field that adaptive classifies differently and a field only fixed saw.
 */
class ReportsTest {

    @TempDir
    Path out;

    private List<String> problems;
    private String md;

    @BeforeEach
    void writeReports() throws Exception {
        copyFixture(out);
        problems = Reports.write(out, RunLog.read(out), Set.of("sfa"));
        md = Files.readString(out.resolve(Reports.MARKDOWN));
    }

    @Test
    void overheadAndSpeedupFromMedians() {
        assertTable("""
                | workload | none [s] | fixed [s] | fixed ovh | adaptive [s] | adaptive ovh | speedup | ok runs n/f/a |
                | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
                | w1 | 1.10 | 6.00 | 5.45× | 2.20 | 2.00× | 2.73× | 2/2 2/2 2/2 |
                | w2 | 2.00 | 4.00 | 2.00× | 3.00 | 1.50× | 1.33× | 2/2 1/2 2/2 |
                | geometric mean |  |  | 3.30× |  | 1.73× | 1.91× |  |
                | total | 3.10 | 10.00 | 3.23× | 5.20 | 1.68× | 1.92× |  |
                """);
        assertTable("""
                | w1 | 1.10 | 3.15 | 2.86× | 1.60 | 1.45× | 1.97× | 2/2 2/2 2/2 |
                | w2 | 2.00 | 10.00 | 5.00× | 5.00 | 2.50× | 2.00× | 2/2 2/2 2/2 |
                """);
    }

    @Test
    void cpuTimeOfTheTreeAndTheServer() {
        assertTable("""
                | w1 | 1.50 | 9.20 | 3.05 | – | 6.20 | – | 2.10 | 1.00 |
                | w2 | 1.50 | 1.50 | 1.50 | – | – | – | – | – |
                """);
    }

    @Test
    void stationaryFieldCountsAsMinAndRangeAndAdaptiveDifference() {
        assertTable("""
                ### Stationary fields, fixed: sfa (paper Table 1)

                | workload | fields min | fields range | S dF min | S dF range | S uF min | S uF range | S ¬F min | S ¬F range | N dF min | N dF range | N uF min | N uF range | N ¬F min | N ¬F range |
                | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
                | w1 | 3 | 1 | 1 | 0 | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 1 | 0 |
                | w2 | 3 | 0 | 1 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |
                """);
        assertTable("""
                | w1 | 0 | -1 | 0 | 0 | -1 | +1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |
                | w2 | -1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | -1 | 0 |
                """);
        assertTable("""
                | w1 | 4 | 3 | 1 | 0 | 1 | −A.d:I; ~A.b:I [uF stationary]→[nF stationary, uF stationary] |
                | w2 | 3 | 2 | 1 | 0 | 0 | −A.c:I |
                """);
    }

    @Test
    void methodTimeLocationsInvocationsAndAccuracy() {
        assertTable("""
                | w1 | 120 | 32 | 26.7 % | 1200 | 750 | 62.5 % |
                | w2 | 50 | 10 | 20.0 % | 5.00E+09 | 4.00E+09 | 80.0 % |
                """);
        assertTable("""
                | workload | fixed match | fixed sad | fixed mad | adaptive match | adaptive sad | adaptive mad |
                | --- | ---: | ---: | ---: | ---: | ---: | ---: |
                | w1 | 12 | 40 | 2.5 | 14 | 18 | 1.1 |
                | w2 | – | – | – | – | – | – |
                """);
    }

    @Test
    void removalTimelineAndTableAgreement() {
        assertTable("""
                ### Adaptive removal timeline: sfa

                | workload | run | removal times | sites removed | first removal [ms] | last removal [ms] |
                | --- | --- | ---: | ---: | ---: | ---: |
                | w1 | #1 | 2 | 30 | 500 | 1000 |
                """);
        assertTable("""
                | w1 | sfa | 4 | 3 | 1 | 1 | 1/2 |
                | w2 | sfa | 3 | 2 | 1 | 0 | 0/1 |
                | w1 | method-time | 2 | 2 | 0 | 0 | n/a |
                | w2 | method-time | 1 | 1 | 0 | 0 | n/a |
                """);
    }

    @Test
    void failuresAreReportedAndChecked() {
        assertEquals(List.of(
                "w2/jfr-1: FAILED exit code 1: JFR failed",
                "w2/jfr-2: FAILED exit code 1: JFR failed",
                "w2/sfa/fixed-2: TIMEOUT timed out after 600 s",
                "w1 sfa round 2: adaptive table differs from fixed (2 rows only fixed, 1 only adaptive; e.g."
                        + " −{\"category\":\"nF\",\"class\":\"A\",\"descriptor\":\"I\",\"field\":\"d\","
                        + "\"verdict\":\"stationary\",\"written\":true})",
                "w2 sfa round 1: adaptive table differs from fixed (1 rows only fixed, 0 only adaptive; e.g."
                        + " −{\"category\":\"nF\",\"class\":\"A\",\"descriptor\":\"I\",\"field\":\"c\","
                        + "\"verdict\":\"non-stationary\",\"written\":true})"), problems);
        assertTable("""
                | run | status | wall [s] | error |
                | --- | --- | ---: | --- |
                | w2/jfr-1 | failed | 0.05 | exit code 1: JFR failed |
                | w2/jfr-2 | failed | 0.05 | exit code 1: JFR failed |
                | w2/sfa/fixed-2 | timeout | 600.00 | timed out after 600 s |
                """);
        assertTable("""
                | w1 | 12 | 1 | yes | w checksum=1 |
                | w2 | 9 | 3 | n/a | w checksum=1 / w2 checksum=1 / w2 checksum=2 |
                """);
    }

    @Test
    void csvHasOneLinePerRun() throws IOException {
        List<String> csv = Files.readAllLines(out.resolve(Reports.CSV));
        assertEquals(25, csv.size());
        assertEquals(String.join(",", CsvReport.COLUMNS), csv.get(0));
        assertEquals("w1,sfa,adaptive,1,ok,0,2000,3000,,3,40,,30,,2,,1000,30,,,,w checksum=1,w1/sfa/adaptive-1,", csv.get(4));
        assertEquals("w1,method-time,fixed,2,ok,0,3300,1500,,2,120,,0,,,,300,,13,40,2.5,w checksum=1,"
                + "w1/method-time/fixed-2,", csv.get(17));
        assertEquals("w2,sfa,fixed,2,timeout,-1,600000,,,,,,,,,,,,,,,,w2/sfa/fixed-2,timed out after 600 s", csv.get(21));
    }

    @Test
    void htmlIsSelfContainedWithCharts() throws IOException {
        String html = Files.readString(out.resolve(Reports.HTML));
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertEquals(4, count(html, "<svg "), "overhead bars for two analyses, two removal timelines");
        assertTrue(html.contains("<title>5.45×</title>"), "w1 sfa fixed overhead bar's tooltip");
        assertTrue(html.contains("<td>w1</td><td class=\"num\">1.10</td><td class=\"num\">6.00</td>"));
        assertFalse(html.contains("<script"));
        assertFalse(html.replace("http://www.w3.org/2000/svg", "").contains("http"), "nothing fetched from a network");
    }

    private void assertTable(String expected) {
        assertTrue(md.contains(expected), () -> "report.md lacks:\n" + expected + "\n--- report.md:\n" + md);
    }

    @Test
    void peakStateNextToTheOverhead() {
        assertTable("""
                | workload | fixed ovh | fixed peak state [MiB] | adaptive ovh | adaptive peak state [MiB] | state budget [MiB] | budget reached f/a |
                | --- | ---: | ---: | ---: | ---: | ---: | ---: |
                | w1 | 5.45× | 3.0 | 2.00× | 1.0 | 100.0 | 0/2 1/2 |
                | w2 | 2.00× | – | 1.50× | – | – | 0/1 0/2 |
                """);
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    static void copyFixture(Path target) throws IOException, URISyntaxException {
        copyTree(Path.of(ReportsTest.class.getResource("/report-fixture/runs.json").toURI()).getParent(), target);
    }

    /** Copies the directory tree {@code source} to {@code target}. */
    static void copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : files.toList()) {
                Path dest = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest);
                }
            }
        }
    }
}
