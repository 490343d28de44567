package io.taper.launcher.merge;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;
import com.google.gson.reflect.TypeToken;
import io.taper.result.ResultFile;
import io.taper.result.ResultFormat;
import io.taper.result.ResultKeys;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * One result to merge: a run's {@code result.json} (or {@code .gz}), a run directory with one, or the directory a JVM of
 * {@code taper agent} wrote ({@code agent-result.json}).
 *
 * @param source the file read
 * @param dir    the directory it is in (where a coverage run keeps its class files)
 */
public record MergeInput(Path source, Path dir, Map<String, Object> result) {

    static final String AGENT_RESULT = "agent-result.json";

    /** @throws MergeException naming the input if it cannot be read or is not a result of this format */
    public static MergeInput read(Path path) {
        Path file = path;
        if (Files.isDirectory(path)) {
            file = ResultFile.fileIn(path);
            if (file == null && Files.isRegularFile(path.resolve(AGENT_RESULT))) {
                file = path.resolve(AGENT_RESULT);
            }
            if (file == null) {
                throw new MergeException(path + ": no " + ResultFormat.FILE + " or " + AGENT_RESULT + " in it");
            }
        } else if (!Files.isRegularFile(path)) {
            throw new MergeException(path + ": no such file or directory");
        }
        Map<String, Object> result;
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            result = new Gson().fromJson(r, new TypeToken<Map<String, Object>>() { }.getType());
        } catch (IOException | JsonParseException e) {
            throw new MergeException(file + ": cannot be read as JSON: " + e.getMessage());
        }
        if (result == null) {
            throw new MergeException(file + ": empty");
        }
        boolean agent = file.getFileName().toString().equals(AGENT_RESULT);
        Object format = result.get(ResultKeys.FORMAT);
        if (!agent && !(format instanceof Number n && n.intValue() == ResultFormat.VERSION)) {
            throw new MergeException(file + ": result format " + format + ", this Taper reads " + ResultFormat.VERSION);
        }
        if (!(result.get(ResultKeys.ANALYSIS) instanceof String)) {
            throw new MergeException(file + ": names no analysis");
        }
        if (!(result.get(ResultKeys.ROWS) instanceof List<?>)) {
            throw new MergeException(file + ": has no rows" + (result.get(ResultKeys.STATS) instanceof Map<?, ?> s
                && s.get("rowsError") != null ? " (" + s.get("rowsError") + ")" : ""));
        }
        return new MergeInput(file, file.toAbsolutePath().getParent(), result);
    }

    public String analysis() {
        return (String) result.get(ResultKeys.ANALYSIS);
    }

    /** The mode the run had, or null (an agent of an older build did not write it). */
    public String mode() {
        return result.get(ResultKeys.MODE) instanceof String m ? m : null;
    }

    /** The Taper build that wrote it, or null (older results). */
    public String build() {
        return result.get(ResultKeys.BUILD) instanceof String b ? b : null;
    }

    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> rows() {
        return (List<Map<String, Object>>) result.get(ResultKeys.ROWS);
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> summary() {
        return result.get(ResultKeys.SUMMARY) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> section(String key) {
        return result.get(key) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
