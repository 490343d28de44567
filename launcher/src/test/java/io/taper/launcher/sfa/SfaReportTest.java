package io.taper.launcher.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.e2e.TaperProcess;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report after an SFA run: Table 1 on the console and in summary.md. */
class SfaReportTest {

    @TempDir
    Path tmp;

    @Test
    void printsAndWritesTheCountsPerVerdictAndCategory() throws Exception {
        Map<String, Object> result = TaperProcess.readJson(SfaDiffTest.FIXTURES.resolve("result-b.json"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        new SfaReport().write(result, tmp, new PrintStream(console, true, StandardCharsets.UTF_8));
        assertEquals(String.join("\n",
            "[taper] sfa (adaptive): 6 fields",
            "[taper]                        dF      uF      nF   total",
            "[taper]   stationary            1       1       2       4",
            "[taper]   non-stationary        1       0       1       2",
            "[taper]   total                 2       1       3       6",
            "[taper] summary: " + tmp.resolve("summary.md"),
            ""), console.toString(StandardCharsets.UTF_8));
        assertEquals(String.join("\n",
            "# Stationary fields: adaptive run",
            "",
            "6 instance fields accessed.",
            "",
            "| verdict | dF | uF | ¬F | total |",
            "|---|---:|---:|---:|---:|",
            "| stationary | 1 | 1 | 2 | 4 |",
            "| non-stationary | 1 | 0 | 1 | 2 |",
            "| total | 2 | 1 | 3 | 6 |",
            "",
            "dF: declared final. uF: not declared final, written only while the owning object's constructor "
                + "(or a method it calls) runs. ¬F: not final (`nF` in result.json). A field is stationary if, "
                + "on every object, all writes happen before all reads.",
            "",
            "Sites: woven 120, re-woven without 31.",
            ""), Files.readString(tmp.resolve("summary.md"), StandardCharsets.UTF_8));
    }
    @Test
    @SuppressWarnings("unchecked")
    void sitesSwitchedOffAreCountedApartFromSitesReWovenWithout() throws Exception {
        Map<String, Object> result = TaperProcess.readJson(SfaDiffTest.FIXTURES.resolve("result-b.json"));
        ((Map<String, Object>) result.get("stats")).put("controller", Map.of("sitesSwitchedOff", 40.0));
        new SfaReport().write(result, tmp, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String md = Files.readString(tmp.resolve("summary.md"), StandardCharsets.UTF_8);
        assertEquals(true, md.contains("\nSites: woven 120, switched off 40, re-woven without 31.\n"), md);
    }
}
