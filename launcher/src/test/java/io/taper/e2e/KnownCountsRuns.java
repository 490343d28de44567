package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Fixed runs of {@link MethodCountEndToEndTest#MAIN}, made once per test JVM and shared by the tests that only read
 * them (merge, export): each run costs seconds, and the commands under test never write into their inputs.
 */
final class KnownCountsRuns {

    private static final Path ROOT = TaperProcess.home().resolve("launcher/target/known-counts-runs");
    private static final Map<String, TaperProcess.Outcome> RUNS = new HashMap<>();

    private KnownCountsRuns() {
    }

    /** The {@code n}-th run under {@code analysis} (n from 1), made on first use. */
    static synchronized TaperProcess.Outcome of(String analysis, int n) throws Exception {
        String name = analysis + "-" + n;
        TaperProcess.Outcome o = RUNS.get(name);
        if (o == null) {
            Path out = ROOT.resolve(name);
            deleteTree(out);
            o = TaperProcess.run(out, "run", "--analysis", analysis, "--mode", "fixed", "--quiet", "--out",
                out.toString(), "--", "-cp", TaperProcess.fixtureClassPath(), MethodCountEndToEndTest.MAIN);
            assertEquals(7, o.exitCode(), o.stderr());
            RUNS.put(name, o);
        }
        return o;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
