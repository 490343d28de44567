package io.taper.eval.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Lenient lookups in JSON written by other parts of Taper whose exact shape may change: the leaves of
 * a JSON tree by dotted path, shallow paths first, with keys normalised (lower case, letters and
 * digits only), so {@code sitesRemoved}, {@code sites_removed} and {@code controller.sitesRemoved}
 * are all found by the name {@code sitesremoved}. Arrays are leaves (their size is their number).
 */
final class JsonFields {

    private final Map<String, JsonElement> leaves;

    private JsonFields(Map<String, JsonElement> leaves) {
        this.leaves = leaves;
    }

    static JsonFields of(JsonElement root) {
        Map<String, JsonElement> leaves = new LinkedHashMap<>();
        if (root == null || !root.isJsonObject()) {
            return new JsonFields(leaves);
        }
        Deque<Map.Entry<String, JsonObject>> queue = new ArrayDeque<>();
        queue.add(Map.entry("", root.getAsJsonObject()));
        while (!queue.isEmpty()) {
            Map.Entry<String, JsonObject> next = queue.poll();
            for (Map.Entry<String, JsonElement> e : next.getValue().entrySet()) {
                String path = next.getKey().isEmpty() ? norm(e.getKey()) : next.getKey() + "." + norm(e.getKey());
                if (e.getValue().isJsonObject()) {
                    queue.add(Map.entry(path, e.getValue().getAsJsonObject()));
                } else if (!e.getValue().isJsonNull()) {
                    leaves.put(path, e.getValue());
                }
            }
        }
        return new JsonFields(leaves);
    }

    static String norm(String key) {
        return key.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    /** The first leaf whose own name is one of {@code names} (already normalised). */
    OptionalDouble number(Set<String> names) {
        return numberWhere(path -> names.contains(lastSegment(path)));
    }

    /** The first numeric (or array: its size) leaf whose dotted path satisfies {@code pathTest}. */
    OptionalDouble numberWhere(Predicate<String> pathTest) {
        for (Map.Entry<String, JsonElement> e : leaves.entrySet()) {
            if (pathTest.test(e.getKey())) {
                OptionalDouble v = asNumber(e.getValue());
                if (v.isPresent()) {
                    return v;
                }
            }
        }
        return OptionalDouble.empty();
    }

    /** Whether the leaf at exactly this (normalised) path is the boolean true. */
    boolean isTrue(String path) {
        JsonElement e = leaves.get(path);
        return e != null && e.isJsonPrimitive() && e.getAsJsonPrimitive().isBoolean() && e.getAsBoolean();
    }

    /** The first array leaf whose own name satisfies {@code nameTest}. */
    JsonArray arrayNamed(Predicate<String> nameTest) {
        for (Map.Entry<String, JsonElement> e : leaves.entrySet()) {
            if (e.getValue().isJsonArray() && nameTest.test(lastSegment(e.getKey()))) {
                return e.getValue().getAsJsonArray();
            }
        }
        return null;
    }

    static String lastSegment(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    static OptionalDouble asNumber(JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return OptionalDouble.empty();
        }
        if (e.isJsonArray()) {
            return OptionalDouble.of(e.getAsJsonArray().size());
        }
        if (e.isJsonPrimitive()) {
            JsonPrimitive p = e.getAsJsonPrimitive();
            if (p.isNumber()) {
                return OptionalDouble.of(p.getAsDouble());
            }
            if (p.isString()) {
                try {
                    return OptionalDouble.of(Double.parseDouble(p.getAsString().trim()));
                } catch (NumberFormatException ignored) {
                    return OptionalDouble.empty();
                }
            }
        }
        return OptionalDouble.empty();
    }

    /** A leaf of an object by one of several (normalised) names, or null. */
    static JsonElement field(JsonObject o, Set<String> names) {
        for (Map.Entry<String, JsonElement> e : o.entrySet()) {
            if (names.contains(norm(e.getKey())) && !e.getValue().isJsonNull()) {
                return e.getValue();
            }
        }
        return null;
    }
}
