package io.taper.result;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.reflect.TypeToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.zip.GZIPInputStream;

/**
 * A {@code result.json} read by exact key path, after its {@code format} was checked: the one reader of the
 * format. Also reads the file gzipped ({@code result.json.gz}), as committed evaluation sets keep it.
 */
public final class ResultFile {

    private static final Gson GSON = new Gson();

    private final JsonObject root;
    private final String source;

    private ResultFile(JsonObject root, String source) {
        this.root = root;
        this.source = source;
    }

    /**
     * Reads {@code path}: a {@code result.json} (or {@code result.json.gz}), or a run directory with one.
     *
     * @throws IOException if it cannot be read
     * @throws ResultFormatException if it is not JSON or not of this format
     */
    public static ResultFile read(Path path) throws IOException {
        Path file = path;
        if (Files.isDirectory(path)) {
            Path found = fileIn(path);
            file = found != null ? found : path.resolve(ResultFormat.FILE);
        }
        try (InputStream in = open(file); Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            JsonElement e = JsonParser.parseReader(r);
            if (!e.isJsonObject()) {
                throw new ResultFormatException(file + " is not a JSON object");
            }
            return of(e.getAsJsonObject(), file.toString());
        } catch (JsonParseException e) {
            throw new ResultFormatException(file + " is not valid JSON: " + e.getMessage());
        }
    }

    /** The result in a run directory: {@code result.json}, else {@code result.json.gz}; null if it has neither. */
    public static Path fileIn(Path runDir) {
        for (String name : new String[] {ResultFormat.FILE, ResultFormat.FILE + ".gz"}) {
            Path f = runDir.resolve(name);
            if (Files.isRegularFile(f)) {
                return f;
            }
        }
        return null;
    }

    private static InputStream open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        return file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(in, 1 << 16) : in;
    }

    /**
     * A parsed result.
     *
     * @throws ResultFormatException if its format is not this one
     */
    public static ResultFile of(JsonObject root, String source) {
        JsonElement f = root.get(ResultKeys.FORMAT);
        ResultFormat.check(f != null && f.isJsonPrimitive() && f.getAsJsonPrimitive().isNumber() ? f.getAsNumber()
                : f == null || f.isJsonNull() ? null : f.toString(), source);
        return new ResultFile(root, source);
    }

    /** Where the result was read from (for messages). */
    public String source() {
        return source;
    }

    public String analysis() {
        JsonElement a = root.get(ResultKeys.ANALYSIS);
        return a == null || a.isJsonNull() ? null : a.getAsString();
    }

    public Mode mode() {
        return Mode.parse(root.get(ResultKeys.MODE).getAsString());
    }

    public OptionalDouble exitCode() {
        return number(ResultKeys.EXIT_CODE);
    }

    /** The analysis's rows (none for an uninstrumented run). */
    public List<JsonObject> rows() {
        List<JsonObject> rows = new ArrayList<>();
        if (root.get(ResultKeys.ROWS) instanceof JsonArray a) {
            for (JsonElement e : a) {
                if (e.isJsonObject()) {
                    rows.add(e.getAsJsonObject());
                }
            }
        }
        return rows;
    }

    /**
     * The rows of an SFA result.
     *
     * @throws ResultFormatException if this is a result of another analysis or a row is malformed
     */
    public List<SfaRow> sfaRows() {
        String analysis = analysis();
        if (!"sfa".equals(analysis)) {
            throw new ResultFormatException(source + " is a result of analysis '" + analysis + "', not sfa");
        }
        List<SfaRow> out = new ArrayList<>();
        for (JsonObject row : rows()) {
            out.add(SfaRow.of(GSON.fromJson(row, new TypeToken<Map<String, Object>>() { }.getType())));
        }
        return out;
    }

    /** The number at exactly this key path from the top ({@code "stats", "state", "peakBytes"}), if there is one. */
    public OptionalDouble number(String... path) {
        JsonElement e = at(path);
        return e != null && e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber()
                ? OptionalDouble.of(e.getAsDouble()) : OptionalDouble.empty();
    }

    /** {@link #number} under {@code stats}. */
    public OptionalDouble stat(String... path) {
        String[] full = new String[path.length + 1];
        full[0] = ResultKeys.STATS;
        System.arraycopy(path, 0, full, 1, path.length);
        return number(full);
    }

    /** Whether the value at this key path is the boolean true. */
    public boolean isTrue(String... path) {
        JsonElement e = at(path);
        return e != null && e.isJsonPrimitive() && e.getAsJsonPrimitive().isBoolean() && e.getAsBoolean();
    }

    /** The object at this key path, if there is one. */
    public Optional<JsonObject> object(String... path) {
        return at(path) instanceof JsonObject o ? Optional.of(o) : Optional.empty();
    }

    /** The sites the controller took out, in time order (none for a run without a controller). */
    public List<Removal> removals() {
        List<Removal> out = new ArrayList<>();
        if (at(ResultKeys.STATS, ResultKeys.Stats.CONTROLLER, ResultKeys.Controller.REMOVALS) instanceof JsonArray a) {
            for (JsonElement e : a) {
                if (!(e instanceof JsonObject o) || !(o.get(ResultKeys.Controller.SITE) instanceof JsonPrimitive site)
                        || !site.isNumber() || !(o.get(ResultKeys.Controller.AT_MILLIS) instanceof JsonPrimitive at)
                        || !at.isNumber()) {
                    throw new ResultFormatException(source + ": a removal is {\"site\", \"atMillis\"}, not " + e);
                }
                out.add(new Removal(site.getAsInt(), at.getAsDouble()));
            }
        }
        out.sort(Comparator.comparingDouble(Removal::atMillis));
        return out;
    }

    private JsonElement at(String... path) {
        JsonElement e = root;
        for (String key : path) {
            if (!(e instanceof JsonObject o)) {
                return null;
            }
            e = o.get(key);
        }
        return e == null || e.isJsonNull() ? null : e;
    }
}
