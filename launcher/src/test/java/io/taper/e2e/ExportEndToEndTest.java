package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.testing.DebianCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code taper export} of real runs: LCOV that Debian's lcov reads with JaCoCo's line totals, and CSV rows. */
class ExportEndToEndTest {

    @TempDir
    Path tmp;

    private static int[] counter(String xml, String type) {
        // the report's own counters come last, after every package's
        Matcher m = Pattern.compile("<counter type=\"" + type + "\" missed=\"(\\d+)\" covered=\"(\\d+)\"/>").matcher(xml);
        int[] last = null;
        while (m.find()) {
            last = new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
        }
        return last;
    }

    @Test
    void coverageExportsAnLcovTracefileWithJacocosLineTotals() throws Exception {
        TaperProcess.Outcome cov = KnownCountsRuns.of("coverage", 1);
        assertEquals("", cov.stderr(), "--quiet: neither the summary nor the reports' lines");
        Path info = tmp.resolve("coverage.info");
        TaperProcess.Outcome e = TaperProcess.run(tmp.resolve("export"), "export", cov.out().toString(), "--format",
            "lcov", "--out", info.toString());
        assertEquals(0, e.exitCode(), e.stderr());
        int[] lines = counter(Files.readString(cov.out().resolve("coverage.xml")), "LINE");
        int found = 0;
        int hit = 0;
        for (String l : Files.readAllLines(info)) {
            if (l.startsWith("LF:")) {
                found += Integer.parseInt(l.substring(3));
            } else if (l.startsWith("LH:")) {
                hit += Integer.parseInt(l.substring(3));
            }
        }
        assertEquals(lines[0] + lines[1], found);
        assertEquals(lines[1], hit);
        assertTrue(Files.readString(info).contains("SF:io/taper/e2e/fixtures/KnownCounts.java\n"));

        Path lcov = DebianCommand.executable("lcov", "lcov");
        Process p = new ProcessBuilder(lcov.toString(), "--summary", info.toString()).redirectErrorStream(true).start();
        String summary = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), summary);
        assertTrue(summary.contains("(" + hit + " of " + found + " lines)"), summary);
    }

    @Test
    void anyResultExportsItsRowsAsCsvAndLcovIsOnlyCoveragesFormat() throws Exception {
        TaperProcess.Outcome counts = KnownCountsRuns.of("method-count", 1);
        Path csv = tmp.resolve("counts.csv");
        TaperProcess.Outcome e = TaperProcess.run(tmp.resolve("export"), "export", counts.out().toString(), "--format",
            "csv", "--out", csv.toString());
        assertEquals(0, e.exitCode(), e.stderr());
        List<String> lines = Files.readAllLines(csv);
        assertEquals("class,method,descriptor,loader,entries", lines.get(0));
        assertEquals(counts.rows().size() + 1, lines.size());
        assertEquals(1, lines.stream().filter(l -> l.matches(Pattern.quote(MethodCountEndToEndTest.MAIN)
            + ",fib,\\(I\\)I,\\d+,177")).count(), lines.toString());

        TaperProcess.Outcome refused = TaperProcess.run(tmp.resolve("refused"), "export", counts.out().toString(),
            "--format", "lcov", "--out", tmp.resolve("x.info").toString());
        assertEquals(2, refused.exitCode());
        assertEquals("taper export: lcov is coverage's format; " + counts.out().resolve("result.json")
            + " is a method-count result (csv fits any)\n", refused.stderr());
        assertTrue(!Files.exists(tmp.resolve("x.info")));
    }
}
