package io.taper.launcher.profile;

import java.io.IOException;
import java.io.Writer;

/**
 * The call tree in the collapsed-stack format that flame-graph tools read (Brendan Gregg's
 * {@code flamegraph.pl}, speedscope, async-profiler's converters): one line per call path,
 * {@code outer;...;inner VALUE}, where VALUE is the weight of the innermost method's own body on that path (the
 * node's weight minus its children's): nanoseconds of method-time, bytecodes of bytecode-count's contexts. Paths with
 * nothing of their own are left out.
 */
public final class CollapsedStacks {

    private CollapsedStacks() {
    }

    public static void write(CallTreeProfile profile, Writer w) throws IOException {
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
