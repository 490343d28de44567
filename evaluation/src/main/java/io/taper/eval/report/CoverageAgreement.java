package io.taper.eval.report;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A coverage run against the JaCoCo agent's run of the same round, as {@code taper coverage-diff --json} wrote it. */
record CoverageAgreement(int classesCompared, int linesCompared, int classesDiffering, int linesDiffering,
                         List<String> firstDifferences) {

    static Optional<CoverageAgreement> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        JsonElement root;
        try {
            root = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | JsonParseException e) {
            throw notAgreement(file, e.toString());
        }
        if (!(root instanceof JsonObject o)) {
            throw notAgreement(file, "not a JSON object");
        }
        List<String> first = new ArrayList<>();
        for (String key : List.of(ResultKeys.CoverageDiff.CLASSES, ResultKeys.CoverageDiff.LINES)) {
            if (o.get(key) != null && o.get(key).isJsonArray()) {
                o.getAsJsonArray(key).forEach(e -> first.add(e.getAsString()));
            }
        }
        return Optional.of(new CoverageAgreement(count(file, o, ResultKeys.CoverageDiff.CLASSES_COMPARED),
                count(file, o, ResultKeys.CoverageDiff.LINES_COMPARED), count(file, o, ResultKeys.CoverageDiff.CLASSES_DIFFERING),
                count(file, o, ResultKeys.CoverageDiff.LINES_DIFFERING), first));
    }

    private static int count(Path file, JsonObject o, String key) {
        if (!(o.get(key) instanceof JsonPrimitive p) || !p.isNumber()) {
            throw notAgreement(file, "no number \"" + key + "\"");
        }
        return p.getAsInt();
    }

    private static IllegalStateException notAgreement(Path file, String why) {
        return new IllegalStateException(file + " is not a comparison written by taper coverage-diff --json: " + why);
    }
}
