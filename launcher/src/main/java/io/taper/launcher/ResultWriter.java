package io.taper.launcher;

import com.google.gson.Gson;
import io.taper.result.Mode;
import io.taper.result.ResultFormat;
import io.taper.result.ResultKeys;
import io.taper.result.ResultKeys.Launch;
import io.taper.result.ResultKeys.Stats;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import com.google.gson.reflect.TypeToken;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges what the agent ({@code agent-result.json}) and the server ({@code server-stats.json}) wrote
 * with what the launcher measured into {@code OUT/result.json}, in the format of {@link ResultKeys}: the launch facts that are
 * statistics (server CPU time, how the program ended, a server problem) move from {@code launch} to {@code stats},
 * so that each is written once.
 */
final class ResultWriter {

    static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls().create();

    private ResultWriter() {
    }

    static Map<String, Object> write(Path out, Map<String, Object> launch, ObservedRun observed, String analysis,
                                     int exitCode) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put(ResultKeys.FORMAT, ResultFormat.VERSION);
        result.put(ResultKeys.ANALYSIS, analysis == null ? launch.get(ResultKeys.ANALYSIS) : analysis);
        result.put(ResultKeys.MODE, launch.get("mode"));
        result.put(ResultKeys.EXIT_CODE, exitCode);
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put(Stats.WALL_MILLIS, observed.wallMillis());
        stats.put(Stats.OBSERVED_CPU_MILLIS, observed.cpuMillis());
        if (launch.containsKey(Stats.SERVER_CPU_MILLIS)) {
            stats.put(Stats.SERVER_CPU_MILLIS, launch.remove(Stats.SERVER_CPU_MILLIS));
        }
        Object rows = List.of();
        Object summary = Map.of();
        if (!Mode.NONE.key().equals(launch.get(ResultKeys.MODE))) {
            Map<String, Object> agent = readJson(out.resolve("agent-result.json"));
            if (agent == null) {
                stats.put(Stats.AGENT_RESULT_MISSING, true);
            } else {
                stats.put(Stats.RESULTS, resultsAge(agent.get("snapshot"), launch.get(Launch.ENDED_AT_EPOCH_MILLIS)));
                if (agent.get(ResultKeys.BUILD) != null) {
                    result.put(ResultKeys.BUILD, agent.get(ResultKeys.BUILD));
                }
                rows = agent.getOrDefault(ResultKeys.ROWS, List.of());
                summary = agent.getOrDefault(ResultKeys.SUMMARY, Map.of());
                Object agentStats = agent.get(ResultKeys.STATS);
                if (agentStats instanceof Map<?, ?> m) {
                    m.forEach((k, v) -> stats.put(String.valueOf(k), v));
                }
            }
            Map<String, Object> server = readJson(out.resolve("server-stats.json"));
            stats.put(Stats.SERVER, server == null ? Map.of("missing", true) : server);
            if (launch.containsKey(Stats.SERVER_PROBLEM)) {
                stats.put(Stats.SERVER_PROBLEM, launch.remove(Stats.SERVER_PROBLEM));
            }
        }
        if (launch.get(Stats.PROGRAM_END) != null) {
            stats.put(Stats.PROGRAM_END, launch.remove(Stats.PROGRAM_END));
        }
        result.put(ResultKeys.ROWS, rows);
        result.put(ResultKeys.SUMMARY, summary);
        result.put(ResultKeys.STATS, stats);
        result.put(ResultKeys.LAUNCH, launch);
        writeAtomically(out.resolve("result.json"), result);
        return result;
    }

    /**
     * Whether the agent's results are its last write or a snapshot it took while the program ran, and how
     * long before the program's end that snapshot was written.
     */
    static Map<String, Object> resultsAge(Object snapshot, Object endedAtEpochMillis) {
        Map<String, Object> r = new LinkedHashMap<>();
        if (!(snapshot instanceof Map<?, ?> s)) {
            r.put("final", true);            // an agent that writes only at exit
            return r;
        }
        r.put("final", Boolean.TRUE.equals(s.get("final")));
        if (s.get("sequence") instanceof Number n) {
            r.put("sequence", n.longValue());
        }
        if (s.get("writtenAtEpochMillis") instanceof Number at && endedAtEpochMillis instanceof Number end) {
            r.put("ageMillis", Math.max(0, end.longValue() - at.longValue()));
        }
        return r;
    }

    /** Reads a JSON object, or null if the file is missing or not valid JSON. */
    static Map<String, Object> readJson(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return GSON.fromJson(r, new TypeToken<Map<String, Object>>() { }.getType());
        } catch (IOException | JsonParseException e) {
            return null;
        }
    }

    static void writeAtomically(Path file, Object json) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                GSON.toJson(json, w);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new LauncherException("cannot write " + file + ": " + e.getMessage());
        }
    }
}
