package io.taper.launcher.profile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The call tree's paths that have time of their own (a node's time minus its children's), each as its methods from
 * the outermost in: what collapsed stacks and speedscope's sampled profiles are made of.
 */
final class OwnTimePaths {

    /** Receives one path: its methods, outermost first (the list is reused: copy it to keep it), and its own time. */
    interface Visitor {
        void path(List<Long> methods, long ownNanos) throws IOException;
    }

    private OwnTimePaths() {
    }

    static void forEach(CallTreeProfile profile, Visitor visitor) throws IOException {
        List<CallTreeProfile.Node> nodes = profile.nodes();
        long[] childNanos = new long[nodes.size()];
        for (CallTreeProfile.Node n : nodes) {
            if (n.parent() >= 0) {
                childNanos[n.parent()] += n.nanos();
            }
        }
        List<Long> reversed = new ArrayList<>();
        List<Long> path = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            long own = nodes.get(i).nanos() - childNanos[i];
            if (own <= 0) {
                continue;
            }
            // walk up instead of keeping every node's path: deep trees would need memory quadratic in depth
            reversed.clear();
            for (int n = i; n >= 0; ) {
                reversed.add(nodes.get(n).method());
                int parent = nodes.get(n).parent();
                n = parent < n ? parent : -1;     // parents precede children; anything else ends the path
            }
            path.clear();
            for (int k = reversed.size() - 1; k >= 0; k--) {
                path.add(reversed.get(k));
            }
            visitor.path(path, own);
        }
    }
}
