package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.GsonBuilder;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The result's JSON is the text that Gson's pretty printer wrote before, value kind by value kind. */
class ResultJsonTest {

    record Point(int x, String label) {
    }

    static final class Pojo {
        final long count = 7;
        final String none = null;
        final double[] values = {1.5, Double.NaN};
    }

    private static String gsonText(Object tree) {
        return new GsonBuilder().serializeSpecialFloatingPointValues().disableHtmlEscaping().setPrettyPrinting().create()
            .toJson(tree);
    }

    @Test
    void writesWhatGsonWrote() throws Exception {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("class", "a.b.C$D");
        row.put("method", "<init>");
        row.put("html", "<a href=\"x\">&'=</a>");
        row.put("escapes", "tab\there\nline \u0001 \u2028 é 😀");
        row.put("int", 42);
        row.put("long", 1L << 40);
        row.put("double", 1.0);
        row.put("fraction", 0.1 + 0.2);
        row.put("nan", Double.NaN);
        row.put("inf", Double.NEGATIVE_INFINITY);
        row.put("float", 2.5f);
        row.put("bool", true);
        row.put("char", 'x');
        row.put("nullValue", null);
        row.put("ints", new int[] {1, 2, 3});
        row.put("strings", new String[] {"a", null});
        row.put("emptyMap", Map.of());
        row.put("emptyList", List.of());
        row.put("listWithNull", new ArrayList<>(Arrays.asList(1, null, "z")));
        row.put("record", new Point(3, "p"));
        row.put("pojo", new Pojo());
        Map<Object, Object> nonStringKeys = new LinkedHashMap<>();
        nonStringKeys.put(5, "five");
        nonStringKeys.put(true, List.of(Map.of("deep", 1)));
        row.put("keys", nonStringKeys);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("analysis", "method-count");
        result.put("rows", List.of(row, Map.of("x", 1)));
        result.put("stats", Map.of("classesSeen", 941L));

        StringWriter w = new StringWriter();
        ResultJson.write(result, w);
        assertEquals(gsonText(result), w.toString());
        assertTrue(w.toString().contains("\"nan\": NaN"), w.toString());
        assertTrue(!w.toString().contains("nullValue"), "a null map value is left out, as Gson did");
    }

    @Test
    void aTopLevelListOrScalarToo() throws Exception {
        for (Object v : List.of(List.of(), List.of(1, 2), "s", 3.25, Map.of("k", List.of(List.of())))) {
            StringWriter w = new StringWriter();
            ResultJson.write(v, w);
            assertEquals(gsonText(v), w.toString(), String.valueOf(v));
        }
    }
}
