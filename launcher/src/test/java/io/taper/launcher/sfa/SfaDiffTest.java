package io.taper.launcher.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.e2e.TaperProcess;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ./taper sfa-diff} on two result.json fixtures, with its exact output. */
class SfaDiffTest {

    static final Path FIXTURES = TaperProcess.home().resolve("launcher/src/test/resources/sfa-diff");

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int diff(Path a, Path b) {
        SfaDiffCommand command = new SfaDiffCommand(new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CommandLine(command).execute(a.toString(), b.toString());
    }

    @Test
    void listsFieldsWhosePresenceVerdictOrCategoryDiffers() {
        Path a = FIXTURES.resolve("result-a.json");
        Path b = FIXTURES.resolve("result-b.json");
        assertEquals(1, diff(a, b));
        assertEquals(String.join("\n",
            "A: " + a + " (6 fields)",
            "B: " + b + " (6 fields)",
            "changes (fields both runs reached, classified differently; defects unless explained): 2",
            "  verdict differs: 1",
            "    demo.Point.y:I  A: dF stationary  B: dF non-stationary",
            "  category differs (same verdict): 1",
            "    demo.Cache.name:Ljava/lang/String;  A: uF stationary  B: nF stationary",
            "coverage (fields only one run reached): 2",
            "  only in A: 1",
            "    demo.Only.inA:J  uF non-stationary",
            "  only in B: 1",
            "    demo.Only.inB:Z  uF stationary",
            "same: 3, different: 4",
            ""), out.toString(StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void changesOnlyIgnoresFieldsOneRunDidNotReach() throws Exception {
        Path a = FIXTURES.resolve("result-a.json");
        assertEquals(1, new CommandLine(new SfaDiffCommand(new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8))).execute("--changes-only", a.toString(),
            FIXTURES.resolve("result-b.json").toString()), "a verdict and a category changed");
        // B without its changed fields: only coverage differs
        Path coverageOnly = tmp.resolve("coverage-only.json");
        String json = Files.readString(FIXTURES.resolve("result-a.json"));
        Files.writeString(coverageOnly, json.replaceAll("(?m)^.*\"demo.Lazy\".*\n", ""));
        assertEquals(0, new CommandLine(new SfaDiffCommand(new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8))).execute("--changes-only", a.toString(),
            coverageOnly.toString()));
    }

    @Test
    void identicalResultsAgreeAndRunDirectoriesAreAccepted() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.copy(FIXTURES.resolve("result-a.json"), dir.resolve("result.json"));
        Path a = FIXTURES.resolve("result-a.json");
        assertEquals(0, diff(a, dir));
        assertEquals(String.join("\n",
            "A: " + a + " (6 fields)",
            "B: " + dir + " (6 fields)",
            "changes (fields both runs reached, classified differently; defects unless explained): 0",
            "  verdict differs: 0",
            "  category differs (same verdict): 0",
            "coverage (fields only one run reached): 0",
            "  only in A: 0",
            "  only in B: 0",
            "same: 6, different: 0",
            ""), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aResultOfAnotherAnalysisIsRefused() {
        Path other = FIXTURES.resolve("not-sfa.json");
        assertEquals(2, diff(FIXTURES.resolve("result-a.json"), other));
        assertEquals("taper sfa-diff: " + other + " is a result of analysis 'method-count', not sfa\n",
            err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aMissingFileIsAnError() {
        Path missing = tmp.resolve("nothing.json");
        assertEquals(2, diff(missing, FIXTURES.resolve("result-a.json")));
        assertEquals("taper sfa-diff: cannot read " + missing + ": " + missing + "\n",
            err.toString(StandardCharsets.UTF_8));
    }
}
