package io.taper.launcher.sfa;

import io.taper.result.SfaRow;
import java.util.List;
import java.util.Locale;

/**
 * Counts of fields per verdict (stationary, non-stationary) and category (dF, uF, ¬F): the paper's
 * Table 1 for one run, as console text and as Markdown.
 */
public final class SfaTable {

    private final long[][] counts = new long[SfaRow.VERDICTS.size()][SfaRow.CATEGORIES.size()];

    /** The table of these rows (an {@link SfaRow} has a known category and verdict by construction). */
    public static SfaTable of(List<SfaRow> fields) {
        SfaTable t = new SfaTable();
        for (SfaRow f : fields) {
            t.counts[SfaRow.VERDICTS.indexOf(f.verdict())][SfaRow.CATEGORIES.indexOf(f.category())]++;
        }
        return t;
    }

    /** Fields with this verdict and category ({@code "nF"} for ¬F). */
    public long count(String verdict, String category) {
        return counts[SfaRow.VERDICTS.indexOf(verdict)][SfaRow.CATEGORIES.indexOf(category)];
    }

    public long total() {
        long n = 0;
        for (long[] row : counts) {
            for (long c : row) {
                n += c;
            }
        }
        return n;
    }


    private long rowTotal(int v) {
        long n = 0;
        for (long c : counts[v]) {
            n += c;
        }
        return n;
    }

    private long columnTotal(int c) {
        return counts[0][c] + counts[1][c];
    }

    /** Plain text, one line per verdict plus a total line (ASCII: nF stands for ¬F). */
    public List<String> lines() {
        String fmt = "%-15s %7s %7s %7s %7s";
        List<String> lines = new java.util.ArrayList<>();
        lines.add(String.format(Locale.ROOT, fmt, "", "dF", "uF", "nF", "total"));
        for (int v = 0; v < SfaRow.VERDICTS.size(); v++) {
            lines.add(String.format(Locale.ROOT, fmt, SfaRow.VERDICTS.get(v), counts[v][0], counts[v][1], counts[v][2],
                rowTotal(v)));
        }
        lines.add(String.format(Locale.ROOT, fmt, "total", columnTotal(0), columnTotal(1), columnTotal(2),
            rowTotal(0) + rowTotal(1)));
        return lines;
    }

    /** The same table in Markdown, with the paper's ¬F. */
    public String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("| verdict | dF | uF | ¬F | total |\n");
        b.append("|---|---:|---:|---:|---:|\n");
        for (int v = 0; v < SfaRow.VERDICTS.size(); v++) {
            b.append("| ").append(SfaRow.VERDICTS.get(v));
            for (long c : counts[v]) {
                b.append(" | ").append(c);
            }
            b.append(" | ").append(rowTotal(v)).append(" |\n");
        }
        b.append("| total | ").append(columnTotal(0)).append(" | ").append(columnTotal(1)).append(" | ")
            .append(columnTotal(2)).append(" | ").append(rowTotal(0) + rowTotal(1)).append(" |\n");
        return b.toString();
    }
}
