package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowsCsvTest {

    @Test
    void columnsAreEveryKeyInOrderAndCellsAreQuotedWhereRfc4180SaysSo() throws Exception {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("class", "p.A");
        a.put("method", "f");
        a.put("entries", 3.0);
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("class", "p.B$\"q\"");
        b.put("mean", 2.5);
        b.put("perKind", Map.of("load", 1.0));
        b.put("note", "a,b\nc");
        StringWriter out = new StringWriter();
        RowsCsv.write(List.of(a, b), out);
        assertEquals("class,method,entries,mean,perKind,note\r\n"
            + "p.A,f,3,,,\r\n"
            + "\"p.B$\"\"q\"\"\",,,2.5,\"{\"\"load\"\":1.0}\",\"a,b\nc\"\r\n", out.toString());
    }
}
