package io.taper.eval.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.taper.result.ResultKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A method-time run's accuracy against the JFR profile, as {@code taper profile-accuracy --json} wrote it: the first
 * (only) element of {@code results}.
 */
record Accuracy(double match, double sad, double mad) {

    /** The accuracy in {@code file}, or empty if there is none; a file of another shape is an error. */
    static Optional<Accuracy> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonObject root = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject();
            JsonArray results = root.getAsJsonArray(ResultKeys.Accuracy.RESULTS);
            if (results == null || results.isEmpty()) {
                return Optional.empty();
            }
            JsonObject r = results.get(0).getAsJsonObject();
            return Optional.of(new Accuracy(r.get(ResultKeys.Accuracy.MATCH).getAsDouble(),
                    r.get(ResultKeys.Accuracy.SAD).getAsDouble(), r.get(ResultKeys.Accuracy.MAD).getAsDouble()));
        } catch (IOException | JsonParseException | IllegalStateException | NullPointerException e) {
            throw new IllegalStateException(file + " is not an accuracy written by taper profile-accuracy --json: " + e,
                    e);
        }
    }
}
