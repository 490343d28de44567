package io.taper.launcher.sfa;

import io.taper.result.SfaRow;
import java.util.List;
import java.util.Locale;

/**
 * Counts of fields per verdict (stationary, non-stationary) and category (dF, uF, ¬F): the paper's
 * Table 1 for one run, as console text and as Markdown.
 */
public final class SfaTable {

    static final String[] CATEGORIES = {"dF", "uF", "nF"};
    static final String[] VERDICTS = {"stationary", "non-stationary"};

    private final long[][] counts = new long[VERDICTS.length][CATEGORIES.length];
    private long other;

    public static SfaTable of(List<SfaRow> fields) {
        SfaTable t = new SfaTable();
        for (SfaRow f : fields) {
            int v = indexOf(VERDICTS, f.verdict());
            int c = indexOf(CATEGORIES, f.category());
            if (v < 0 || c < 0) {
                t.other++;
            } else {
                t.counts[v][c]++;
            }
        }
        return t;
    }

    private static int indexOf(String[] values, String v) {
        for (int i = 0; i < values.length; i++) {
            if (values[i].equals(v)) {
                return i;
            }
        }
        return -1;
    }

    /** Fields with this verdict and category ({@code "nF"} for ¬F). */
    public long count(String verdict, String category) {
        return counts[indexOf(VERDICTS, verdict)][indexOf(CATEGORIES, category)];
    }

    public long total() {
        long n = other;
        for (long[] row : counts) {
            for (long c : row) {
                n += c;
            }
        }
        return n;
    }

    /** Rows with an unknown category or verdict (0 for a result Taper wrote). */
    public long unclassified() {
        return other;
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
        for (int v = 0; v < VERDICTS.length; v++) {
            lines.add(String.format(Locale.ROOT, fmt, VERDICTS[v], counts[v][0], counts[v][1], counts[v][2],
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
        for (int v = 0; v < VERDICTS.length; v++) {
            b.append("| ").append(VERDICTS[v]);
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
