package io.taper.eval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.taper.eval.run.RunLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The result sets committed under {@code evaluation/results} that keep their runs ({@code runs.json} and each run's
 * result) are read by this version of the reports as they were written: redrawing a set's reports gives its
 * committed {@code report.md} and {@code runs.csv} byte for byte. A change to the result format or to a report
 * that would misread them fails here.
 */
class CommittedSetsTest {

    static final Path RESULTS = Path.of("results").toAbsolutePath();

    @TempDir
    Path tmp;

    @Test
    void reportsRedrawnFromTheCommittedRunsAreTheCommittedReports() throws IOException {
        List<Path> sets;
        try (Stream<Path> s = Files.list(RESULTS)) {
            sets = s.filter(d -> Files.isRegularFile(d.resolve(RunLog.FILE))).sorted().toList();
        }
        assertFalse(sets.isEmpty(), "no committed set keeps its runs under " + RESULTS);
        for (Path set : sets) {
            Path copy = tmp.resolve(set.getFileName().toString());
            ReportsTest.copyTree(set, copy);
            Reports.write(copy, RunLog.read(copy), Set.of(io.taper.eval.plan.RunPlan.LOSSLESS.split(",")));
            for (String report : List.of(Reports.MARKDOWN, Reports.CSV)) {
                assertEquals(Files.readString(set.resolve(report)), Files.readString(copy.resolve(report)),
                        set.getFileName() + "/" + report);
            }
        }
    }
}
