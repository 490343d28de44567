package io.taper.eval.plan;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.function.Function;

/**
 * Reads a user's own workload(s) from a {@code .json} file (one object, an array of objects, or
 * {@code {"workloads": [...]}}) or a {@code .properties} file (one workload). Keys: {@code name},
 * {@code classPath}, {@code mainClass}, {@code args}, optionally {@code ciArgs}, {@code fullArgs}
 * (default: {@code args}), {@code jvmArgs}, {@code deterministic} and {@code interleaved} (both default false). In a properties
 * file the argument lists are separated by whitespace. Relative class path entries are resolved
 * against the file's directory.
 */
public final class WorkloadFile {

    private WorkloadFile() {
    }

    public static List<Workload> read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Path base = file.toAbsolutePath().getParent();
        try {
            return file.getFileName().toString().endsWith(".properties") ? fromProperties(text, base)
                    : fromJson(text, base);
        } catch (IllegalArgumentException | JsonParseException | IllegalStateException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    static List<Workload> fromJson(String text, Path base) {
        JsonElement root = JsonParser.parseString(text);
        JsonArray list;
        if (root.isJsonArray()) {
            list = root.getAsJsonArray();
        } else if (root.isJsonObject() && root.getAsJsonObject().has("workloads")) {
            list = root.getAsJsonObject().getAsJsonArray("workloads");
        } else {
            list = new JsonArray();
            list.add(root);
        }
        List<Workload> out = new ArrayList<>();
        for (JsonElement e : list) {
            JsonObject o = e.getAsJsonObject();
            out.add(build(base, key -> o.has(key) && !o.get(key).isJsonNull() ? o.get(key) : null));
        }
        return out;
    }

    static List<Workload> fromProperties(String text, Path base) throws IOException {
        Properties p = new Properties();
        try (Reader r = new StringReader(text)) {
            p.load(r);
        }
        return List.of(build(base, key -> {
            String v = p.getProperty(key);
            if (v == null) {
                return null;
            }
            if (key.endsWith("rgs")) { // args, ciArgs, fullArgs, jvmArgs: whitespace-separated lists
                JsonArray a = new JsonArray();
                Arrays.stream(v.trim().split("\\s+")).filter(s -> !s.isEmpty()).forEach(a::add);
                return a;
            }
            return new com.google.gson.JsonPrimitive(v.trim());
        }));
    }

    private static Workload build(Path base, Function<String, JsonElement> field) {
        String name = required(field, "name");
        String classPath = resolveClassPath(required(field, "classPath"), base);
        String mainClass = required(field, "mainClass");
        List<String> args = list(field.apply("args"));
        List<String> ciArgs = field.apply("ciArgs") != null ? list(field.apply("ciArgs")) : args;
        List<String> fullArgs = field.apply("fullArgs") != null ? list(field.apply("fullArgs")) : args;
        JsonElement det = field.apply("deterministic");
        JsonElement interleaved = field.apply("interleaved");
        return new Workload(name, classPath, mainClass, ciArgs, fullArgs, list(field.apply("jvmArgs")),
                det != null && Boolean.parseBoolean(det.getAsString()),
                interleaved != null && Boolean.parseBoolean(interleaved.getAsString()));
    }

    private static String required(Function<String, JsonElement> field, String key) {
        JsonElement v = field.apply(key);
        if (v == null || v.getAsString().isBlank()) {
            throw new IllegalArgumentException("workload is missing \"" + key + "\"");
        }
        return v.getAsString().trim();
    }

    private static List<String> list(JsonElement e) {
        List<String> out = new ArrayList<>();
        if (e == null) {
            return out;
        }
        if (!e.isJsonArray()) {
            throw new IllegalArgumentException("expected a list of strings, got " + e);
        }
        e.getAsJsonArray().forEach(x -> out.add(x.getAsString()));
        return out;
    }

    private static String resolveClassPath(String classPath, Path base) {
        List<String> entries = new ArrayList<>();
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty()) {
                Path p = Path.of(entry);
                entries.add(p.isAbsolute() || base == null ? entry : base.resolve(p).normalize().toString());
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }
}
