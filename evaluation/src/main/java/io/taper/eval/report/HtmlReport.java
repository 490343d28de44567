package io.taper.eval.report;

import java.util.List;

/** report.html: one self-contained page (inline CSS and SVG, no scripts, nothing fetched). */
final class HtmlReport {

    private static final String STYLE = """
            body { font-family: sans-serif; margin: 2em; color: #222; max-width: 1200px; }
            table { border-collapse: collapse; margin: 0.5em 0 0.3em; font-size: 13px; }
            th, td { border: 1px solid #ccc; padding: 3px 8px; }
            th { background: #f3f3f3; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; }
            p.note { color: #666; font-size: 12px; margin: 0.2em 0 1em; }
            svg { margin: 0.5em 1em 0.5em 0; border: 1px solid #eee; }
            """;

    private HtmlReport() {
    }

    static String render(String preamble, List<ReportSections.Section> sections) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<title>Taper evaluation</title>\n<style>").append(STYLE).append("</style></head>\n<body>\n")
                .append("<h1>Taper evaluation</h1>\n<p>").append(Html.escape(preamble)).append("</p>\n");
        for (ReportSections.Section s : sections) {
            b.append("<h2>").append(Html.escape(s.heading())).append("</h2>\n");
            if (!s.charts().isEmpty()) {
                b.append("<div class=\"charts\">\n");
                s.charts().forEach(b::append);
                b.append("</div>\n");
            }
            for (TextTable t : s.tables()) {
                if (!t.title().equals(s.heading())) {
                    b.append("<h3>").append(Html.escape(t.title())).append("</h3>\n");
                }
                b.append(t.html());
            }
        }
        return b.append("</body></html>\n").toString();
    }
}
