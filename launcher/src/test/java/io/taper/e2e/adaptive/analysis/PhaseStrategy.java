package io.taper.e2e.adaptive.analysis;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.control.ControlContext;
import io.taper.runtime.control.ControllerStrategy;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code phase-redeploy}, the analysis's own strategy for the re-deployment test, driven by the phase the
 * program announces: 0 remove dead sites; 2 restore every site it removed; 3 switch
 * {@code Redeploy.hot} to the "double" variant.
 */
public final class PhaseStrategy implements ControllerStrategy {

    private final List<Integer> removed = new ArrayList<>();
    private boolean restored;
    private boolean switched;

    @Override
    public String name() {
        return "phase-redeploy";
    }

    @Override
    public long periodMillis() {
        return 30;
    }

    @Override
    public void step(ControlContext ctx) {
        long phase = PhaseState.phase();
        if (phase == 0) {
            // the sites it records are the ones it disables: a site dying between two looks at the dead sites
            // would be removed and never restored
            for (int id : ctx.deadSites()) {
                removed.add(id);
                ctx.disable(id);
            }
        } else if (phase == 2 && !restored) {
            for (int id : removed) {
                ctx.enable(id);
            }
            restored = true;
        } else if (phase == 3 && !switched) {
            SiteInfo hot = PhaseState.site("Redeploy.hot");
            ctx.setVariant(hot.id(), "double");
            switched = true;
        }
    }
}
