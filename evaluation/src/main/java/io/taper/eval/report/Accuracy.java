package io.taper.eval.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.taper.result.ResultKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A method-time run's accuracy against the JFR profile, as {@code taper profile-accuracy --json} wrote it: the first
 * (only) element of {@code results}, and the row field it ranked the result's methods by ("" if not said).
 */
record Accuracy(double match, double sad, double mad, String rankedBy) {

    /** The accuracy in {@code file}, or empty if there is none; a file of another shape is an error. */
    static Optional<Accuracy> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        JsonElement root;
        try {
            root = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | JsonParseException e) {
            throw notAccuracy(file, e.toString());
        }
        if (!(root instanceof JsonObject o)) {
            throw notAccuracy(file, "not a JSON object");
        }
        JsonElement all = o.get(ResultKeys.Accuracy.RESULTS);
        if (all == null || all.isJsonNull()) {
            return Optional.empty();
        }
        if (!(all instanceof JsonArray results)) {
            throw notAccuracy(file, "\"" + ResultKeys.Accuracy.RESULTS + "\" is not an array");
        }
        if (results.isEmpty()) {
            return Optional.empty();
        }
        if (!(results.get(0) instanceof JsonObject r)) {
            throw notAccuracy(file, "its first result is not an object");
        }
        String rankedBy = r.get("rankedBy") instanceof JsonPrimitive p && p.isString() ? p.getAsString() : "";
        return Optional.of(new Accuracy(metric(file, r, ResultKeys.Accuracy.MATCH),
                metric(file, r, ResultKeys.Accuracy.SAD), metric(file, r, ResultKeys.Accuracy.MAD), rankedBy));
    }

    private static double metric(Path file, JsonObject result, String key) {
        if (!(result.get(key) instanceof JsonPrimitive p) || !p.isNumber()) {
            throw notAccuracy(file, "no number \"" + key + "\"");
        }
        return p.getAsDouble();
    }

    private static IllegalStateException notAccuracy(Path file, String why) {
        return new IllegalStateException(file + " is not an accuracy written by taper profile-accuracy --json: " + why);
    }
}
