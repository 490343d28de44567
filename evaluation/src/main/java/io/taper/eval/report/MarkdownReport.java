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
                // A section holding one table of the same name needs no second heading.
                b.append(t.title().equals(s.heading()) ? "" : "\n### " + t.title() + "\n").append('\n').append(t.markdown());
            }
        }
        return b.toString();
    }
}
