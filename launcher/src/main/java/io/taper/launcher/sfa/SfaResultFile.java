package io.taper.launcher.sfa;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;
import com.google.gson.reflect.TypeToken;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The SFA rows of a result.json (or of a run directory holding one). */
public final class SfaResultFile {

    private SfaResultFile() {
    }

    /**
     * @param path a result.json, or a directory with one
     * @throws IllegalArgumentException if the file is missing, not JSON, or not an SFA result
     */
    public static List<SfaField> read(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve("result.json") : path;
        Map<String, Object> json;
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            json = new Gson().fromJson(r, new TypeToken<Map<String, Object>>() { }.getType());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(file + " is not valid JSON: " + e.getMessage());
        }
        if (json == null) {
            throw new IllegalArgumentException(file + " is empty");
        }
        Object analysis = json.get("analysis");
        if (analysis != null && !"sfa".equals(analysis)) {
            throw new IllegalArgumentException(file + " is a result of analysis '" + analysis + "', not sfa");
        }
        return fields(json);
    }

    /** The rows of a parsed result (the launcher's report uses this on the run it just wrote). */
    public static List<SfaField> fields(Map<String, Object> result) {
        Object rows = result.get("rows");
        if (!(rows instanceof List<?> list)) {
            throw new IllegalArgumentException("the result has no \"rows\" list");
        }
        List<SfaField> fields = new ArrayList<>(list.size());
        for (Object row : list) {
            if (!(row instanceof Map<?, ?> m)) {
                throw new IllegalArgumentException("a row is not an object: " + row);
            }
            fields.add(SfaField.of(m));
        }
        return fields;
    }
}
