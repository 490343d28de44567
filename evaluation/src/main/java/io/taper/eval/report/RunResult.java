package io.taper.eval.report;

import com.google.gson.JsonObject;
import io.taper.result.Removal;
import io.taper.result.ResultFile;
import io.taper.result.ResultKeys;
import io.taper.result.ResultKeys.Controller;
import io.taper.result.ResultKeys.State;
import io.taper.result.ResultKeys.Stats;
import io.taper.result.SfaRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One run's {@code result.json}, read through {@link ResultFile} by exact key paths: a file of another format is
 * refused with an error, and a statistic a run does not report is absent.
 */
final class RunResult {

    /** The statistics the reports use, by their path under {@code stats}. */
    enum Stat {
        WALL_MILLIS(Stats.WALL_MILLIS),
        /** CPU time of the observed JVM, as the launcher measured it. */
        JVM_CPU_MILLIS(Stats.OBSERVED_CPU_MILLIS),
        SERVER_CPU_MILLIS(Stats.SERVER_CPU_MILLIS),
        SITES_WOVEN(Stats.SITES_WOVEN),
        SITES_ACTIVE(Stats.SITES_ACTIVE),
        SITES_REMOVED(Stats.SITES_REMOVED),
        SITES_SWITCHED_OFF(Stats.CONTROLLER, Controller.SITES_SWITCHED_OFF),
        /** The controller's retransformation batches, not the agent's start-up ones. */
        BATCHES(Stats.CONTROLLER, Controller.BATCHES),
        PAUSE_MILLIS(Stats.CONTROLLER, Controller.PAUSE_MILLIS),
        STATE_PEAK_BYTES(Stats.STATE, State.PEAK_BYTES),
        STATE_BUDGET_BYTES(Stats.STATE, State.BUDGET_BYTES);

        private final String[] path;

        Stat(String... path) {
            this.path = path;
        }
    }

    private final ResultFile file;

    private RunResult(ResultFile file) {
        this.file = file;
    }

    /**
     * The result in a run directory ({@code result.json}, or {@code result.json.gz} as committed sets keep it), or
     * empty if the run left none.
     *
     * @throws io.taper.result.ResultFormatException if it is not a result of this format
     */
    static Optional<RunResult> load(Path runDir) {
        Path file = ResultFile.fileIn(runDir);
        if (file == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(new RunResult(ResultFile.read(file)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the result in " + runDir, e);
        }
    }

    static RunResult of(JsonObject root) {
        return new RunResult(ResultFile.of(root, "a result"));
    }

    List<JsonObject> rows() {
        return file.rows();
    }

    /** The rows of an SFA run. */
    List<SfaRow> sfaRows() {
        return file.sfaRows();
    }

    /** {@code stats.controller.audit} of an audited adaptive run ({@code taper run --audit}), if there is one. */
    Optional<JsonObject> audit() {
        return file.object(ResultKeys.STATS, Stats.CONTROLLER, Controller.AUDIT);
    }

    OptionalDouble stat(Stat s) {
        return file.stat(s.path);
    }

    /** Sites the controller took out: removed (re-woven without) plus switched off where they stand. */
    OptionalDouble sitesTakenOut() {
        OptionalDouble removed = stat(Stat.SITES_REMOVED);
        OptionalDouble off = stat(Stat.SITES_SWITCHED_OFF);
        if (removed.isEmpty() && off.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(removed.orElse(0) + off.orElse(0));
    }

    /** The peak size of the analysis's state, if the run measured it. */
    OptionalDouble peakStateBytes() {
        OptionalDouble v = stat(Stat.STATE_PEAK_BYTES);
        return v.isPresent() && v.getAsDouble() >= 0 ? v : OptionalDouble.empty();
    }

    /** Whether the analysis reached its state budget. */
    boolean stateBudgetReached() {
        return file.isTrue(ResultKeys.STATS, Stats.STATE, State.BUDGET_REACHED);
    }

    /**
     * The analysis's events: method-time's completed calls, method-count's entries or bytecode-count's executed
     * bytecodes, summed over the rows; empty for an analysis that counts none of them.
     */
    OptionalDouble invocations() {
        String key = switch (String.valueOf(file.analysis())) {
            case "method-time" -> ResultKeys.MethodRow.INVOCATIONS;
            case "method-count" -> ResultKeys.MethodRow.ENTRIES;
            case "bytecode-count" -> ResultKeys.BytecodeRow.BYTECODES;
            default -> null;
        };
        if (key == null) {
            return OptionalDouble.empty();
        }
        double sum = 0;
        for (JsonObject row : file.rows()) {
            sum += row.get(key).getAsDouble();
        }
        return OptionalDouble.of(sum);
    }

    /** A number of the result's summary, if it has it. */
    OptionalDouble summaryNumber(String key) {
        return file.number(ResultKeys.SUMMARY, key);
    }

    /** The sites the controller took out, in time order. */
    List<Removal> removals() {
        return file.removals();
    }
}
