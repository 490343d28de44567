package io.taper.launcher.bytecode;

import io.taper.launcher.profile.CallTreeProfile;
import io.taper.launcher.profile.MethodNames;
import io.taper.result.ResultKeys;
import io.taper.result.ResultKeys.MethodRow;
import io.taper.result.ResultKeys.MethodTimeSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code bytecode-count --contexts} result's call tree, weighted by executed bytecodes: the summary's
 * {@code callTree} (method-time's format, inclusive bytecodes for nanoseconds) with frames named from the rows' ids.
 */
public final class ContextCountProfile implements CallTreeProfile {

    public static final String UNIT = "bytecodes";

    private final List<Node> nodes;
    private final List<String> threadNames;
    private final Map<Long, String> frames;

    private ContextCountProfile(List<Node> nodes, List<String> threadNames, Map<Long, String> frames) {
        this.nodes = List.copyOf(nodes);
        this.threadNames = List.copyOf(threadNames);
        this.frames = frames;
    }

    /** The call tree of a parsed result.json, or null if it has none (a run without {@code --contexts}). */
    public static ContextCountProfile of(Map<String, Object> result) {
        if (!(result.get(ResultKeys.SUMMARY) instanceof Map<?, ?> summary)
                || !(summary.get(MethodTimeSummary.CALL_TREE) instanceof Map<?, ?> tree)) {
            return null;
        }
        Map<Long, String> frames = new HashMap<>();
        if (result.get(ResultKeys.ROWS) instanceof List<?> rows) {
            for (Object o : rows) {
                if (o instanceof Map<?, ?> r && r.get(MethodRow.ID) instanceof Number id) {
                    frames.put(id.longValue(), MethodNames.frame(String.valueOf(r.get(MethodRow.CLASS)),
                        String.valueOf(r.get(MethodRow.METHOD)), String.valueOf(r.get(MethodRow.DESCRIPTOR))));
                }
            }
        }
        List<Node> nodes = new ArrayList<>();
        if (tree.get(MethodTimeSummary.NODES) instanceof List<?> list) {
            for (Object o : list) {
                List<?> n = (List<?>) o;
                long bytecodes = asLong(n.get(3));
                nodes.add(new Node((int) asLong(n.get(0)), asLong(n.get(1)), asLong(n.get(2)), bytecodes, bytecodes,
                    0));
            }
        }
        List<String> threads = new ArrayList<>();
        if (tree.get(MethodTimeSummary.THREAD_NAMES) instanceof List<?> list) {
            list.forEach(t -> threads.add(String.valueOf(t)));
        }
        return new ContextCountProfile(nodes, threads, frames);
    }

    @Override
    public List<Node> nodes() {
        return nodes;
    }

    @Override
    public String frameOf(long methodId) {
        String thread = CallTreeProfile.threadFrame(methodId, threadNames);
        if (thread != null) {
            return thread;
        }
        String f = frames.get(methodId);
        return f != null ? f : "(method-" + methodId + ")";
    }

    @Override
    public String unit() {
        return UNIT;
    }

    @Override
    public String viewKey() {
        return UNIT;
    }

    @Override
    public Map<String, Long> estimatesByFrame() {
        return Map.of();
    }

    private static long asLong(Object o) {
        return o instanceof Number n ? Math.round(n.doubleValue()) : 0L;
    }
}
