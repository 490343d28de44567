package io.taper.launcher.profile;

import java.io.IOException;
import java.io.Writer;

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
        OwnTimePaths.forEach(profile, (methods, own) -> {
            for (int k = 0; k < methods.size(); k++) {
                w.write(profile.frameOf(methods.get(k)));
                w.write(k == methods.size() - 1 ? " " : ";");
            }
            w.write(Long.toString(own));
            w.write('\n');
        });
    }
}
