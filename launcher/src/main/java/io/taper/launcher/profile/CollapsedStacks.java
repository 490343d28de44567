package io.taper.launcher.profile;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * The call tree in the collapsed-stack format that flame-graph tools read (Brendan Gregg's
 * {@code flamegraph.pl}, speedscope, async-profiler's converters): one line per call path,
 * {@code outer;...;inner VALUE}, where VALUE is the time in nanoseconds spent in the innermost method's
 * own body on that path (the node's time minus its children's). Paths with no own time are left out.
 */
public final class CollapsedStacks {

    private CollapsedStacks() {
    }

    public static void write(MethodTimeProfile profile, Writer w) throws IOException {
        List<MethodTimeProfile.Node> nodes = profile.nodes();
        long[] childNanos = new long[nodes.size()];
        for (MethodTimeProfile.Node n : nodes) {
            if (n.parent() >= 0) {
                childNanos[n.parent()] += n.nanos();
            }
        }
        List<String> path = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            long self = nodes.get(i).nanos() - childNanos[i];
            if (self <= 0) {
                continue;
            }
            // walk up instead of keeping every node's path: deep trees would need memory quadratic in depth
            path.clear();
            for (int n = i; n >= 0; ) {
                path.add(profile.frameOf(nodes.get(n).method()));
                int parent = nodes.get(n).parent();
                n = parent < n ? parent : -1;     // parents precede children; anything else ends the path
            }
            for (int k = path.size() - 1; k >= 0; k--) {
                w.write(path.get(k));
                w.write(k == 0 ? " " : ";");
            }
            w.write(Long.toString(self));
            w.write('\n');
        }
    }
}
