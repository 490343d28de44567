package io.taper.eval.report;

import io.taper.eval.run.RunLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** Writes {@code runs.csv}, {@code report.md} and {@code report.html} for an evaluation directory. */
public final class Reports {

    public static final String CSV = "runs.csv";
    public static final String MARKDOWN = "report.md";
    public static final String HTML = "report.html";

    private Reports() {
    }

    /**
     * @param lossless analyses whose adaptive table must equal the fixed one
     * @return the problems {@code --check} fails on (empty if none)
     */
    public static List<String> write(Path outDir, RunLog log, Set<String> lossless) throws IOException {
        EvalData d = new EvalData(outDir, log);
        List<ReportSections.Section> sections = ReportSections.build(d, lossless);
        String preamble = ReportSections.preamble(d);
        Files.writeString(outDir.resolve(CSV), CsvReport.render(d), StandardCharsets.UTF_8);
        Files.writeString(outDir.resolve(MARKDOWN), MarkdownReport.render(preamble, sections), StandardCharsets.UTF_8);
        Files.writeString(outDir.resolve(HTML), HtmlReport.render(preamble, sections), StandardCharsets.UTF_8);
        return RunChecks.problems(d, lossless);
    }
}
