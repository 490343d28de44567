package io.taper.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFileTest {

    private static final String SFA = """
            {"format": 1, "analysis": "sfa", "mode": "adaptive", "exitCode": 0,
             "rows": [{"class": "p.C", "field": "f", "descriptor": "I", "category": "uF", "verdict": "stationary",
                       "written": true}],
             "summary": {},
             "stats": {"sitesWoven": 7, "controller": {"sitesSwitchedOff": 2,
                        "removals": [{"site": 4, "atMillis": 900}, {"site": 3, "atMillis": 100}]},
                       "server": {"sitesWoven": 99}}}""";

    @TempDir
    Path dir;

    @Test
    void readsByExactPathOnly() {
        ResultFile r = parse(SFA);
        assertEquals(OptionalDouble.of(7), r.stat(ResultKeys.Stats.SITES_WOVEN));
        assertEquals(OptionalDouble.of(2), r.stat(ResultKeys.Stats.CONTROLLER, ResultKeys.Controller.SITES_SWITCHED_OFF));
        assertEquals(OptionalDouble.empty(), r.stat(ResultKeys.Controller.SITES_SWITCHED_OFF), "not found one level up");
        assertEquals(OptionalDouble.empty(), r.stat(ResultKeys.Stats.SITES_ACTIVE));
        assertEquals(Mode.ADAPTIVE, r.mode());
        assertEquals("sfa", r.analysis());
    }

    @Test
    void removalsInTimeOrder() {
        assertEquals(List.of(new Removal(3, 100), new Removal(4, 900)), parse(SFA).removals());
    }

    @Test
    void sfaRowsAreTyped() {
        assertEquals(List.of(new SfaRow("p.C", "f", "I", SfaRow.UNDECLARED_FINAL, SfaRow.STATIONARY, true)),
                parse(SFA).sfaRows());
        assertEquals("p.C.f:I", parse(SFA).sfaRows().get(0).key());
    }

    @Test
    void aMalformedSfaRowIsNamed() {
        ResultFormatException e = assertThrows(ResultFormatException.class,
                () -> parse(SFA.replace("\"verdict\": \"stationary\"", "\"stationary\": true")).sfaRows());
        assertTrue(e.getMessage().startsWith("an SFA row needs a string 'verdict'"), e.getMessage());
        e = assertThrows(ResultFormatException.class, () -> parse(SFA.replace("\"uF\"", "\"final\"")).sfaRows());
        assertEquals("an SFA row's category is dF, uF or nF, not 'final'", e.getMessage());
    }

    @Test
    void sfaRowsOfAnotherAnalysisAreRefused() {
        ResultFormatException e = assertThrows(ResultFormatException.class,
                () -> parse(SFA.replace("\"sfa\"", "\"method-time\"")).sfaRows());
        assertEquals("test is a result of analysis 'method-time', not sfa", e.getMessage());
    }

    @Test
    void anUnknownOrMissingFormatIsRefused() {
        ResultFormatException e = assertThrows(ResultFormatException.class,
                () -> parse(SFA.replace("\"format\": 1", "\"format\": 2")));
        assertEquals("test is in result format 2; this Taper reads format 1 only", e.getMessage());
        e = assertThrows(ResultFormatException.class, () -> parse(SFA.replace("\"format\": 1,", "")));
        assertEquals("test has no \"format\" version: it was written by a Taper older than this one's format 1;"
                + " run it again", e.getMessage());
        e = assertThrows(ResultFormatException.class, () -> parse(SFA.replace("\"format\": 1", "\"format\": \"1\"")));
        assertEquals("test is in result format \"1\"; this Taper reads format 1 only", e.getMessage());
    }

    @Test
    void aRunDirectoryWithAGzippedResult() throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("result.json.gz")))) {
            out.write(SFA.getBytes(StandardCharsets.UTF_8));
        }
        ResultFile r = ResultFile.read(dir);
        assertEquals(1, r.sfaRows().size());
        assertTrue(r.source().endsWith("result.json.gz"));
    }

    @Test
    void notJsonIsAFormatError() throws IOException {
        Files.writeString(dir.resolve("result.json"), "{\"format\": 1, ");
        ResultFormatException e = assertThrows(ResultFormatException.class, () -> ResultFile.read(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve("result.json") + " is not valid JSON"), e.getMessage());
    }

    @Test
    void sfaRowsRoundTrip() {
        SfaRow row = new SfaRow("p.C", "g", "J", SfaRow.NOT_FINAL, SfaRow.NON_STATIONARY, false);
        assertEquals(row, SfaRow.of(row.toMap()));
        assertFalse(row.stationary());
        assertEquals("nF non-stationary", row.outcome());
    }

    @Test
    void modesParseInAnyCaseAndNameAllThree() {
        assertEquals(Mode.NONE, Mode.parse("None"));
        assertEquals(List.of("none", "fixed", "adaptive"), List.of(Mode.NONE.key(), Mode.FIXED.key(), Mode.ADAPTIVE.key()));
        assertEquals(Mode.ADAPTIVE, Mode.parse(" ADAPTIVE "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Mode.parse("sometimes"));
        assertEquals("mode must be none, fixed or adaptive, got sometimes", e.getMessage());
    }

    private static ResultFile parse(String json) {
        return ResultFile.of(JsonParser.parseString(json).getAsJsonObject(), "test");
    }
}
