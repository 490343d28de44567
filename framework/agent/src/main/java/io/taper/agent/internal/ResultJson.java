package io.taper.agent.internal;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.Writer;
import java.lang.reflect.Array;
import java.util.Collection;
import java.util.Map;

/**
 * Writes a result (maps, lists, strings, numbers, booleans) as pretty-printed JSON through Gson's streaming writer,
 * the same text that {@code Gson.toJson} with pretty printing writes. The last write happens in the observed JVM's
 * shutdown, in code that has never run before: building a {@code Gson} and its reflective adapters for the plain
 * tree took most of that write's time. Any other value (an analysis may put one in its rows) goes through a
 * {@code Gson}, made when first needed.
 */
final class ResultJson {

    private static Gson gson;

    private ResultJson() {
    }

    static void write(Object value, Writer out) throws IOException {
        JsonWriter w = new JsonWriter(out);
        w.setIndent("  ");
        w.setLenient(true);           // NaN and infinities are written, as Gson's serializeSpecialFloatingPointValues
        w.setHtmlSafe(false);
        w.setSerializeNulls(false);   // as Gson: a map's null value leaves out its key
        value(w, value);
        w.flush();
    }

    private static void value(JsonWriter w, Object v) throws IOException {
        if (v == null) {
            w.nullValue();
        } else if (v instanceof String s) {
            w.value(s);
        } else if (v instanceof Boolean b) {
            w.value(b);
        } else if (v instanceof Double d) {
            w.value(d.doubleValue());
        } else if (v instanceof Float f) {
            w.value(f.floatValue());
        } else if (v instanceof Number n) {
            w.value(n);
        } else if (v instanceof Character c) {
            w.value(String.valueOf(c));
        } else if (v instanceof Map<?, ?> m) {
            w.beginObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                w.name(String.valueOf(e.getKey()));
                value(w, e.getValue());
            }
            w.endObject();
        } else if (v instanceof Collection<?> c) {
            w.beginArray();
            for (Object o : c) {
                value(w, o);
            }
            w.endArray();
        } else if (v.getClass().isArray()) {
            w.beginArray();
            for (int i = 0, n = Array.getLength(v); i < n; i++) {
                value(w, Array.get(v, i));
            }
            w.endArray();
        } else {
            Gson g = gson();
            g.toJson(g.toJsonTree(v), w);
        }
    }

    private static synchronized Gson gson() {
        if (gson == null) {
            gson = new GsonBuilder().serializeSpecialFloatingPointValues().disableHtmlEscaping().create();
        }
        return gson;
    }
}
