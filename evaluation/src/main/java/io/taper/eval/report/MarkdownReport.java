package io.taper.eval.report;

import java.util.List;

/** report.md: the sections as Markdown tables. */
final class MarkdownReport {

    private MarkdownReport() {
    }

    static String render(String preamble, List<ReportSections.Section> sections) {
        StringBuilder b = new StringBuilder("# Taper evaluation\n\n").append(preamble).append("\n");
        for (ReportSections.Section s : sections) {
            b.append("\n## ").append(s.heading()).append("\n");
            for (TextTable t : s.tables()) {
                b.append("\n### ").append(t.title()).append("\n\n").append(t.markdown());
            }
        }
        return b.toString();
    }
}
