package io.taper.launcher.profile;

import io.taper.result.ResultFormat;
import io.taper.result.ResultKeys;
import io.taper.result.ResultKeys.MethodTimeSummary;
import com.google.gson.Gson;
import com.google.gson.JsonParseException;
import com.google.gson.reflect.TypeToken;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * A method-time result as the launcher reads it back from {@code result.json}: the method rows and the
 * merged call tree of the summary ({@code [parent, method id, calls, nanos, waiting nanos]} per node), seen in one
 * {@link ProfileView}: in the running view a node's time is its time less its waiting, and the 100 % is the
 * threads' running time.
 */
public final class MethodTimeProfile implements CallTreeProfile {

    public static final String ANALYSIS = "method-time";
    /** The row field of the estimated inclusive time (results written before it existed lack it). */
    public static final String ESTIMATED_INCLUSIVE = ResultKeys.MethodRow.ESTIMATED_INCLUSIVE_NANOS;
    public static final String INCLUSIVE = ResultKeys.MethodRow.INCLUSIVE_NANOS;

    /** Method ids of the call tree's thread nodes: {@code THREAD_METHOD - i} is thread name {@code i}. */
    public static final long THREAD_METHOD = MethodTimeSummary.THREAD_METHOD;

    private final String mode;
    private final ProfileView view;
    private final List<MethodRow> rows;
    private final Map<Long, MethodRow> byId = new HashMap<>();
    private final List<Node> nodes;
    private final List<String> threadNames;
    private final long observedNanos;
    private final double flattenedShare;
    private final boolean hasEstimates;

    MethodTimeProfile(String mode, ProfileView view, List<MethodRow> rows, List<Node> nodes, List<String> threadNames,
                      long observedNanos, double flattenedShare, boolean hasEstimates) {
        this.flattenedShare = flattenedShare;
        this.threadNames = List.copyOf(threadNames);
        this.mode = mode;
        this.view = view;
        this.rows = List.copyOf(rows);
        this.nodes = List.copyOf(nodes);
        this.observedNanos = observedNanos;
        this.hasEstimates = hasEstimates;
        for (MethodRow r : rows) {
            byId.put(r.id(), r);
        }
    }

    /** Reads a result.json file, in the running view. */
    public static MethodTimeProfile read(Path resultJson) throws IOException {
        return read(resultJson, ProfileView.RUNNING);
    }

    /** Reads a result.json file. */
    public static MethodTimeProfile read(Path resultJson, ProfileView view) throws IOException {
        try (Reader r = Files.newBufferedReader(resultJson, StandardCharsets.UTF_8)) {
            Map<String, Object> map = new Gson().fromJson(r, new TypeToken<Map<String, Object>>() { }.getType());
            if (map == null) {
                throw new IOException(resultJson + " is empty");
            }
            return of(map, view);
        } catch (JsonParseException e) {
            throw new IOException(resultJson + " is not valid JSON: " + e.getMessage(), e);
        }
    }

    /**
     * From a parsed result.json (numbers may be Double, as Gson reads them).
     *
     * @throws IllegalArgumentException if it is not a method-time result
     */
    public static MethodTimeProfile of(Map<String, Object> result) {
        return of(result, ProfileView.RUNNING);
    }

    /** {@link #of(Map)} in the given view. */
    public static MethodTimeProfile of(Map<String, Object> result, ProfileView view) {
        ResultFormat.check(result.get(ResultKeys.FORMAT), "the result");
        Object analysis = result.get(ResultKeys.ANALYSIS);
        if (!ANALYSIS.equals(analysis)) {
            throw new IllegalArgumentException("not a method-time result (analysis: " + analysis + ")");
        }
        List<MethodRow> rows = new ArrayList<>();
        boolean hasEstimates = false;
        for (Object o : list(result.get(ResultKeys.ROWS))) {
            Map<?, ?> r = (Map<?, ?>) o;
            boolean removed = Boolean.TRUE.equals(r.get(ResultKeys.MethodRow.REMOVED));
            long inclusive = num(r, INCLUSIVE);
            boolean estimated = r.get(ESTIMATED_INCLUSIVE) instanceof Number;
            hasEstimates |= estimated;
            rows.add(new MethodRow(num(r, ResultKeys.MethodRow.ID), String.valueOf(r.get(ResultKeys.MethodRow.CLASS)), String.valueOf(r.get(ResultKeys.MethodRow.METHOD)),
                    String.valueOf(r.get(ResultKeys.MethodRow.DESCRIPTOR)), num(r, ResultKeys.MethodRow.LOADER), num(r, ResultKeys.MethodRow.INVOCATIONS), inclusive,
                    estimated ? num(r, ESTIMATED_INCLUSIVE) : inclusive, num(r, ResultKeys.MethodRow.EXCLUSIVE_NANOS), num(r, ResultKeys.MethodRow.MEAN_NANOS),
                    num(r, ResultKeys.MethodRow.OPEN_FRAMES), removed ? num(r, ResultKeys.MethodRow.REMOVED_AT_MILLIS) : -1,
                    num(r, ResultKeys.MethodRow.WAITING_NANOS)));
        }
        List<Node> nodes = new ArrayList<>();
        List<String> threadNames = new ArrayList<>();
        long observed = 0;
        double flattenedShare = 0;
        if (result.get(ResultKeys.SUMMARY) instanceof Map<?, ?> summary) {
            observed = num(summary, MethodTimeSummary.OBSERVED_NANOS);
            if (observed > 0) {
                flattenedShare = Math.min(1, (double) num(summary, MethodTimeSummary.FLATTENED_NANOS) / observed);
            }
            if (view == ProfileView.RUNNING) {
                for (Object o : list(summary.get(MethodTimeSummary.THREADS))) {
                    observed -= num((Map<?, ?>) o, ResultKeys.MethodRow.WAITING_NANOS);
                }
                observed = Math.max(0, observed);
            }
            if (summary.get(MethodTimeSummary.CALL_TREE) instanceof Map<?, ?> tree) {
                for (Object o : list(tree.get(MethodTimeSummary.NODES))) {
                    List<?> n = (List<?>) o;
                    long nanos = asLong(n.get(3));
                    long waiting = n.size() > 4 ? Math.min(nanos, asLong(n.get(4))) : 0;
                    nodes.add(new Node((int) asLong(n.get(0)), asLong(n.get(1)), asLong(n.get(2)),
                        view == ProfileView.RUNNING ? nanos - waiting : nanos, nanos, waiting));
                }
                for (Object o : list(tree.get(MethodTimeSummary.THREAD_NAMES))) {
                    threadNames.add(String.valueOf(o));
                }
            }
        }
        return new MethodTimeProfile(String.valueOf(result.get(ResultKeys.MODE)), view, rows, nodes, threadNames,
            observed, flattenedShare, hasEstimates);
    }

    public String mode() {
        return mode;
    }

    public ProfileView view() {
        return view;
    }

    /** Methods ranked as the view says (estimates included where the rows have them). */
    public Ranking ranking() {
        return rankingBy(r -> r.nanos(view));
    }

    public List<MethodRow> rows() {
        return rows;
    }

    /** The row of a method id, or null. */
    public MethodRow row(long id) {
        return byId.get(id);
    }

    @Override
    public List<Node> nodes() {
        return nodes;
    }

    /** All threads' observed time (the call tree's top-level nodes) in the view, the 100 % of tables and graphs. */
    public long observedNanos() {
        return observedNanos;
    }

    @Override
    public String unit() {
        return NANOSECONDS;
    }

    @Override
    public String viewKey() {
        return view.key();
    }

    @Override
    public Map<String, Long> estimatesByFrame() {
        Map<String, Long> m = new HashMap<>();
        for (MethodRow r : rows) {
            if (r.estimated()) {
                m.putIfAbsent(r.frame(), r.estimatedInclusiveNanos());
            }
        }
        return m;
    }

    /** The frame name of a call-tree node's method. */
    @Override
    public String frameOf(long methodId) {
        String thread = CallTreeProfile.threadFrame(methodId, threadNames);
        if (thread != null) {
            return thread;
        }
        MethodRow r = byId.get(methodId);
        return r == null ? "(method-" + methodId + ")" : r.frame();
    }

    /** The share (0..1) of all threads' observed wall time spent in calls whose calling context was flattened. */
    public double flattenedShare() {
        return flattenedShare;
    }

    /** True for a call-tree node that stands for a thread (or same-named threads) rather than a method. */
    public static boolean isThread(long methodId) {
        return CallTreeProfile.isThread(methodId);
    }

    /** True if the rows carry the analysis's estimated inclusive time. */
    public boolean hasEstimates() {
        return hasEstimates;
    }

    /** Methods ranked by measured inclusive time; rows of one method from several class loaders count together. */
    public Ranking inclusiveRanking() {
        return rankingBy(MethodRow::inclusiveNanos);
    }

    /**
     * Methods ranked by estimated inclusive time (a removed method's extrapolated to the end of the run),
     * as {@link #inclusiveRanking()} otherwise; the measured time if the rows have no estimate.
     */
    public Ranking estimatedInclusiveRanking() {
        return rankingBy(MethodRow::estimatedInclusiveNanos);
    }

    private Ranking rankingBy(ToLongFunction<MethodRow> weight) {
        Map<String, Long> weights = new HashMap<>();
        for (MethodRow r : rows) {
            weights.merge(r.key(), weight.applyAsLong(r), Long::sum);
        }
        return Ranking.of(weights);
    }

    private static List<?> list(Object o) {
        return o instanceof List<?> l ? l : List.of();
    }

    private static long num(Map<?, ?> m, String key) {
        return asLong(m.get(key));
    }

    private static long asLong(Object o) {
        return o instanceof Number n ? Math.round(n.doubleValue()) : 0L;
    }
}
