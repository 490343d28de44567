package io.taper.launcher.profile;

import io.taper.result.ResultKeys.MethodTimeSummary;
import java.util.List;
import java.util.Map;

/**
 * A call tree that the flame graph, collapsed stacks and speedscope writers draw: method-time's, weighted by time,
 * or bytecode-count's calling contexts, weighted by executed bytecodes. Parents precede their children; the top-level
 * nodes are threads.
 */
public interface CallTreeProfile {

    /**
     * One call-tree node; {@code parent} indexes the node list, -1 at the top (the threads).
     *
     * @param nanos     its weight in the profile's view (time, or a count)
     * @param wallNanos its weight over all time, and {@code waitNanos} the part of it its threads waited (0 for counts)
     */
    record Node(int parent, long method, long calls, long nanos, long wallNanos, long waitNanos) {
    }

    List<Node> nodes();

    /** The frame name of a node's method. */
    String frameOf(long methodId);

    /** The unit of the weights: {@link #NANOSECONDS}, or what a count counts (e.g. "bytecodes"). */
    String unit();

    /** The view the weights are in: method-time's running or wall time; a count's is its unit. */
    String viewKey();

    /** Per frame, a removed method's estimated inclusive weight over all its contexts (empty without estimates). */
    Map<String, Long> estimatesByFrame();

    String NANOSECONDS = "ns";

    /** True for a node that stands for a thread (or same-named threads) rather than a method. */
    static boolean isThread(long methodId) {
        return methodId <= MethodTimeSummary.THREAD_METHOD;
    }

    /** The frame of a thread's node or of its flattened contexts' node, or null for a method's. */
    static String threadFrame(long methodId, List<String> threadNames) {
        if (methodId == MethodTimeSummary.FLATTENED_METHOD) {
            return "(flattened-contexts)";
        }
        if (isThread(methodId)) {
            int i = (int) (MethodTimeSummary.THREAD_METHOD - methodId);
            return "[thread " + (i < threadNames.size() ? threadNames.get(i) : "#" + i) + "]";
        }
        return null;
    }
}
