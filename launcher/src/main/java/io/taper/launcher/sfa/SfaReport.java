package io.taper.launcher.sfa;

import java.util.ArrayList;
import io.taper.result.ResultKeys;
import io.taper.result.ResultKeys.Controller;
import io.taper.result.ResultKeys.Stats;
import io.taper.result.SfaRow;
import io.taper.launcher.RunReport;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** After an SFA run: prints the Table-1 counts and writes them to {@code OUT/summary.md}. */
public final class SfaReport implements RunReport {

    @Override
    public String analysis() {
        return "sfa";
    }

    @Override
    public void write(Map<String, Object> result, Path out, PrintStream console) throws Exception {
        List<SfaRow> fields = new ArrayList<>();
        for (Object row : (List<?>) result.get(ResultKeys.ROWS)) {
            fields.add(SfaRow.of((Map<?, ?>) row));
        }
        SfaTable table = SfaTable.of(fields);
        Object mode = result.get(ResultKeys.MODE);
        console.printf("[taper] sfa (%s): %d fields%n", mode, table.total());
        for (String line : table.lines()) {
            console.println("[taper]   " + line);
        }
        Path summary = out.resolve("summary.md");
        Files.writeString(summary, markdown(result, table), StandardCharsets.UTF_8);
        console.println("[taper] summary: " + summary);
    }

    static String markdown(Map<String, Object> result, SfaTable table) {
        StringBuilder b = new StringBuilder();
        b.append("# Stationary fields: ").append(result.get(ResultKeys.MODE)).append(" run\n\n");
        b.append(table.total()).append(" instance fields accessed.\n\n");
        b.append(table.markdown()).append('\n');
        b.append("dF: declared final. uF: not declared final, written only while the owning object's constructor ")
            .append("(or a method it calls) runs. ¬F: not final (`nF` in result.json). A field is stationary if, ")
            .append("on every object, all writes happen before all reads.\n");
        if (result.get(ResultKeys.STATS) instanceof Map<?, ?> stats && stats.get(Stats.SITES_WOVEN) != null) {
            b.append("\nSites: woven ").append(number(stats.get(Stats.SITES_WOVEN)));
            if (stats.get(Stats.CONTROLLER) instanceof Map<?, ?> c && c.get(Controller.SITES_SWITCHED_OFF) != null) {
                b.append(", switched off ").append(number(c.get(Controller.SITES_SWITCHED_OFF)));
            }
            b.append(", re-woven without ").append(number(stats.get(Stats.SITES_REMOVED))).append(".\n");
        }
        if (result.get(ResultKeys.SUMMARY) instanceof Map<?, ?> summary && summary.get("readMarks") instanceof Map<?, ?> marks) {
            b.append("\nRead marks: ").append(number(marks.get("sitesWithShadowFields")))
                .append(" sites keep them in shadow fields, ").append(number(marks.get("sitesWithIdentityMap")))
                .append(" in the identity map (classes loaded before the agent; ")
                .append(number(marks.get("objectsInIdentityMap"))).append(" objects at the end).\n");
        }
        return b.toString();
    }

    private static String number(Object v) {
        if (v instanceof Double d && d == Math.rint(d)) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(v);
    }
}
