package io.taper.eval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reports' reader against result.json files that the real Taper just wrote (the built launcher, a forked
 * observed JVM): every statistic the reports use is found at its path, and every key path of the report fixture
 * ({@code src/test/resources/report-fixture}) is one that Taper writes.
 */
class RealResultsTest {

    @TempDir
    static Path out;

    private static RunResult sfa;
    private static RunResult methodTime;
    private static Set<String> sfaPaths;
    private static Set<String> methodTimePaths;

    @BeforeAll
    static void runTaper() throws Exception {
        JsonObject s = run("sfa");
        JsonObject m = run("method-time");
        sfa = RunResult.of(s);
        methodTime = RunResult.of(m);
        sfaPaths = paths(s);
        methodTimePaths = paths(m);
    }

    @Test
    void everyStatisticTheReportsUseIsWritten() {
        for (RunResult r : List.of(sfa, methodTime)) {
            for (RunResult.Stat stat : RunResult.Stat.values()) {
                assertTrue(r.stat(stat).isPresent(), stat + " missing");
            }
            assertTrue(r.stat(RunResult.Stat.SITES_WOVEN).getAsDouble() > 100);
            assertEquals(r.stat(RunResult.Stat.SITES_WOVEN).getAsDouble(), r.stat(RunResult.Stat.SITES_ACTIVE)
                    .getAsDouble() + r.stat(RunResult.Stat.SITES_REMOVED).getAsDouble());
            assertTrue(r.stat(RunResult.Stat.JVM_CPU_MILLIS).getAsDouble() > 0);
            assertTrue(r.peakStateBytes().isPresent());
            assertFalse(r.stateBudgetReached());
            assertFalse(r.removals().isEmpty(), "the adaptive controllers remove sites of this program");
            assertTrue(r.sitesTakenOut().getAsDouble() > 0);
        }
        assertTrue(sfa.sfaRows().size() > 100);
        assertTrue(sfa.sfaRows().stream().anyMatch(f -> f.key().equals(
                "io.taper.examples.WordFrequencies.counts:Ljava/util/Map;")));
        assertTrue(methodTime.invocations().getAsDouble() > 1000);
    }

    @Test
    void theReportFixtureHasTheShapeTaperWrites() throws Exception {
        Path fixture = Path.of(RealResultsTest.class.getResource("/report-fixture/runs.json").toURI()).getParent();
        List<Path> files;
        try (Stream<Path> s = Files.walk(fixture)) {
            files = s.filter(p -> p.getFileName().toString().equals("result.json")).sorted().toList();
        }
        assertEquals(15, files.size());
        for (Path f : files) {
            JsonObject root = JsonParser.parseString(Files.readString(f, StandardCharsets.UTF_8)).getAsJsonObject();
            Set<String> real = "sfa".equals(root.get("analysis").getAsString()) ? sfaPaths : methodTimePaths;
            Set<String> unknown = new TreeSet<>(paths(root));
            unknown.removeAll(real);
            assertEquals(Set.of(), unknown, f + ": keys Taper does not write");
        }
    }

    /** Every key path of a JSON tree, array elements' keys under "[]". */
    private static Set<String> paths(JsonElement e) {
        Set<String> out = new TreeSet<>();
        collect(e, "", out);
        return out;
    }

    private static void collect(JsonElement e, String path, Set<String> out) {
        if (e.isJsonObject()) {
            for (var entry : e.getAsJsonObject().entrySet()) {
                String p = path + "/" + entry.getKey();
                out.add(p);
                collect(entry.getValue(), p, out);
            }
        } else if (e.isJsonArray()) {
            for (JsonElement x : e.getAsJsonArray()) {
                collect(x, path + "[]", out);
            }
        }
    }

    private static JsonObject run(String analysis) throws IOException, InterruptedException {
        Path root = Path.of("").toAbsolutePath().getParent();
        Path cli = root.resolve("launcher/target/taper-cli.jar");
        assertTrue(Files.isRegularFile(cli), cli + " is built before the evaluation (mvn verify builds it)");
        Path dir = out.resolve(analysis);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dtaper.home=" + root, "-jar", cli.toString(), "run", "--analysis", analysis, "--mode", "adaptive",
                "--quiet", "--out", dir.toString(), "--", "-cp", root.resolve("examples/target/classes").toString(),
                "io.taper.examples.WordFrequencies"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(out.resolve(analysis + ".log").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), analysis + " run timed out");
        assertEquals(0, p.exitValue(), () -> {
            try {
                return Files.readString(out.resolve(analysis + ".log"));
            } catch (IOException e) {
                return e.toString();
            }
        });
        return JsonParser.parseString(Files.readString(dir.resolve("result.json"), StandardCharsets.UTF_8))
                .getAsJsonObject();
    }
}
