package io.taper.launcher;

import com.google.gson.Gson;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A result's rows as CSV (RFC 4180): one column per key any row has, in the order the rows name them; whole numbers
 * without a fraction; nested values (a caller list, per-kind counts) as JSON in their cell.
 */
final class RowsCsv {

    private static final Gson GSON = new Gson();

    private RowsCsv() {
    }

    static void write(List<Map<String, Object>> rows, Writer out) throws IOException {
        Set<String> columns = new LinkedHashSet<>();
        rows.forEach(r -> columns.addAll(r.keySet()));
        List<String> header = new ArrayList<>(columns);
        line(header, out);
        for (Map<String, Object> r : rows) {
            List<String> cells = new ArrayList<>(header.size());
            for (String c : header) {
                cells.add(cell(r.get(c)));
            }
            line(cells, out);
        }
    }

    static String cell(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15) {
            return Long.toString(d.longValue());
        }
        if (v instanceof Map<?, ?> || v instanceof List<?>) {
            return GSON.toJson(v);
        }
        return String.valueOf(v);
    }

    private static void line(List<String> cells, Writer out) throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            String c = cells.get(i);
            if (c.indexOf(',') >= 0 || c.indexOf('"') >= 0 || c.indexOf('\n') >= 0 || c.indexOf('\r') >= 0) {
                out.write('"' + c.replace("\"", "\"\"") + '"');
            } else {
                out.write(c);
            }
        }
        out.write("\r\n");
    }
}
