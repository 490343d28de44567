package io.taper.eval.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One run's {@code result.json} ({@code {"analysis", "rows", "stats", "summary"}}), read leniently:
 * statistics are found by name anywhere under {@code stats} (then {@code summary}), and anything
 * missing is simply absent.
 */
final class RunResult {

    static final Set<String> SITES_WOVEN = Set.of("siteswoven", "wovensites");
    static final Set<String> SITES_ACTIVE = Set.of("sitesactive", "activesites");
    static final Set<String> SITES_REMOVED = Set.of("sitesremoved", "removedsites");
    static final Set<String> SITES_SWITCHED_OFF = Set.of("sitesswitchedoff", "switchedoffsites");
    /**
     * The controller's retransformation batches ({@code stats.controller.batches}); not the agent's
     * start-up {@code retransformBatches}, which every instrumented run has.
     */
    static final Set<String> BATCHES = Set.of("batches");
    static final Set<String> PAUSE_MILLIS = Set.of("pausemillis", "pausems", "totalpausemillis", "retransformmillis");
    /** CPU time of the observed JVM, as the launcher measured it. */
    static final Set<String> JVM_CPU_MILLIS = Set.of("observedcpumillis", "jvmcpumillis");
    static final Set<String> WALL_MILLIS = Set.of("wallmillis", "wallms");
    static final Set<String> INVOCATIONS = Set.of("invocations", "totalinvocations", "analysisinvocations");
    static final Set<String> INVOCATIONS_AVOIDED = Set.of("invocationsavoided", "avoidedinvocations");
    /** Per-row invocation counts (method-time rows), summed when no total is reported. */
    static final Set<String> ROW_INVOCATIONS = Set.of("invocations", "calls", "count", "callcount");

    private static final Set<String> EVENT_TIME = Set.of("atmillis", "millis", "timemillis", "ms", "t", "time",
            "elapsedmillis", "atms", "tmillis");
    private static final Set<String> EVENT_COUNT = Set.of("count", "sites", "n", "removed", "sitecount");

    /** {@code count} sites removed at {@code millis} after the start. */
    record Removal(double millis, double count) {
    }

    private final List<JsonObject> rows;
    private final JsonFields stats;
    private final JsonFields summary;

    private final JsonObject audit;

    private RunResult(List<JsonObject> rows, JsonFields stats, JsonFields summary, JsonObject audit) {
        this.audit = audit;
        this.rows = rows;
        this.stats = stats;
        this.summary = summary;
    }

    static Optional<RunResult> load(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonElement root = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8));
            return root.isJsonObject() ? Optional.of(of(root.getAsJsonObject())) : Optional.empty();
        } catch (IOException | JsonParseException e) {
            return Optional.empty();
        }
    }

    static RunResult of(JsonObject root) {
        List<JsonObject> rows = new ArrayList<>();
        JsonElement r = root.get("rows");
        if (r != null && r.isJsonArray()) {
            r.getAsJsonArray().forEach(e -> {
                if (e.isJsonObject()) {
                    rows.add(e.getAsJsonObject());
                }
            });
        }
        JsonObject audit = null;
        if (root.get("stats") instanceof JsonObject st && st.get("controller") instanceof JsonObject c
                && c.get("audit") instanceof JsonObject a) {
            audit = a;
        }
        return new RunResult(rows, JsonFields.of(root.get("stats")), JsonFields.of(root.get("summary")), audit);
    }

    List<JsonObject> rows() {
        return rows;
    }

    /** {@code stats.controller.audit} of an audited adaptive run ({@code taper run --audit}), if there is one. */
    Optional<JsonObject> audit() {
        return Optional.ofNullable(audit);
    }

    /** A statistic by name, from {@code stats} or else {@code summary}. */
    OptionalDouble stat(Set<String> names) {
        OptionalDouble v = stats.number(names);
        return v.isPresent() ? v : summary.number(names);
    }

    /**
     * Sites the controller took out, removed (re-woven without) or switched off where they stand; empty if the
     * run reports neither.
     */
    OptionalDouble sitesTakenOut() {
        OptionalDouble removed = stat(SITES_REMOVED);
        OptionalDouble off = stat(SITES_SWITCHED_OFF);
        if (removed.isEmpty() && off.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(removed.orElse(0) + off.orElse(0));
    }

    /** CPU time of the instrumentation server, if the stats report one (a path naming both). */
    OptionalDouble serverCpuMillis() {
        return stats.numberWhere(p -> p.contains("server") && p.contains("cpu"));
    }

    /** The peak size of the analysis's state ({@code stats.state.peakBytes}), if the run reports it. */
    OptionalDouble peakStateBytes() {
        OptionalDouble v = stats.numberWhere(p -> p.equals("state.peakbytes"));
        return v.isPresent() && v.getAsDouble() >= 0 ? v : OptionalDouble.empty();
    }

    /** The state budget ({@code stats.state.budgetBytes}), if the run reports it. */
    OptionalDouble stateBudgetBytes() {
        return stats.numberWhere(p -> p.equals("state.budgetbytes"));
    }

    /** Whether the analysis reached its state budget ({@code stats.state.budgetReached}). */
    boolean stateBudgetReached() {
        return stats.isTrue("state.budgetreached");
    }

    /** The total analysis invocations: a reported total, else the sum of the rows' counts. */
    OptionalDouble invocations() {
        OptionalDouble total = stat(INVOCATIONS);
        if (total.isPresent()) {
            return total;
        }
        double sum = 0;
        boolean any = false;
        for (JsonObject row : rows) {
            OptionalDouble n = JsonFields.asNumber(JsonFields.field(row, ROW_INVOCATIONS));
            if (n.isPresent()) {
                sum += n.getAsDouble();
                any = true;
            }
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    /** Removal events in time order, from the first array under stats whose name mentions removal. */
    List<Removal> removals() {
        JsonArray events = stats.arrayNamed(name -> name.contains("remov"));
        List<Removal> out = new ArrayList<>();
        if (events == null) {
            return out;
        }
        for (JsonElement e : events) {
            if (e.isJsonPrimitive()) {
                JsonFields.asNumber(e).ifPresent(t -> out.add(new Removal(t, 1)));
            } else if (e.isJsonObject()) {
                OptionalDouble t = JsonFields.asNumber(JsonFields.field(e.getAsJsonObject(), EVENT_TIME));
                OptionalDouble n = JsonFields.asNumber(JsonFields.field(e.getAsJsonObject(), EVENT_COUNT));
                if (t.isPresent()) {
                    out.add(new Removal(t.getAsDouble(), n.orElse(1)));
                }
            }
        }
        out.sort(Comparator.comparingDouble(Removal::millis));
        return out;
    }
}
