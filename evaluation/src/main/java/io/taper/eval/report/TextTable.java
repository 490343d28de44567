package io.taper.eval.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of strings with a title, rendered to Markdown and HTML from the same cells, so the two
 * reports cannot disagree. The first column and any marked text columns are left-aligned, the others
 * right-aligned (numbers).
 */
final class TextTable {

    private final String title;
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final java.util.Set<Integer> textColumns = new java.util.HashSet<>(List.of(0));

    TextTable(String title, List<String> header) {
        this.title = title;
        this.header = List.copyOf(header);
    }

    TextTable row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, header " + header.size());
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    /** Marks columns (0-based) as text: left-aligned. */
    TextTable textColumns(int... columns) {
        for (int c : columns) {
            textColumns.add(c);
        }
        return this;
    }

    TextTable note(String note) {
        notes.add(note);
        return this;
    }

    String title() {
        return title;
    }

    List<String> header() {
        return header;
    }

    List<List<String>> rows() {
        return rows;
    }

    List<String> notes() {
        return notes;
    }

    /** The table (omitted when it has no rows: only the notes then) and its notes, as Markdown. */
    String markdown() {
        StringBuilder b = new StringBuilder();
        if (rows.isEmpty()) {
            notes.forEach(n -> b.append(n).append('\n'));
            return b.toString();
        }
        b.append("| ").append(String.join(" | ", header.stream().map(TextTable::mdEscape).toList())).append(" |\n|");
        for (int i = 0; i < header.size(); i++) {
            b.append(textColumns.contains(i) ? " --- |" : " ---: |");
        }
        b.append('\n');
        for (List<String> r : rows) {
            b.append("| ").append(String.join(" | ", r.stream().map(TextTable::mdEscape).toList())).append(" |\n");
        }
        for (String n : notes) {
            b.append('\n').append(n).append('\n');
        }
        return b.toString();
    }

    /** The table (omitted when it has no rows) and its notes, as HTML. */
    String html() {
        StringBuilder b = new StringBuilder();
        if (rows.isEmpty()) {
            notes.forEach(n -> b.append("<p class=\"note\">").append(Html.escape(n)).append("</p>\n"));
            return b.toString();
        }
        b.append("<table>\n<thead><tr>");
        header.forEach(h -> b.append("<th>").append(Html.escape(h)).append("</th>"));
        b.append("</tr></thead>\n<tbody>\n");
        for (List<String> r : rows) {
            b.append("<tr>");
            for (int i = 0; i < r.size(); i++) {
                b.append(textColumns.contains(i) ? "<td>" : "<td class=\"num\">").append(Html.escape(r.get(i)))
                        .append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table>\n");
        notes.forEach(n -> b.append("<p class=\"note\">").append(Html.escape(n)).append("</p>\n"));
        return b.toString();
    }

    private static String mdEscape(String s) {
        return s.replace("|", "\\|");
    }
}
