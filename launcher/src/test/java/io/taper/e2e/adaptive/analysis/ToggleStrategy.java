package io.taper.e2e.adaptive.analysis;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.control.ControlContext;
import io.taper.runtime.control.ControllerStrategy;

/**
 * {@code hot-toggle:<n>}: once the program announces phase 1 (its threads are hot), removes and restores
 * {@code HotLoops.other} on alternate steps, n times, so {@code HotLoops} is retransformed n times while
 * its methods run; reports the number of completed toggles through {@link PhaseState#toggles()}.
 */
public final class ToggleStrategy implements ControllerStrategy {

    private int rounds = 20;
    private int staged;

    @Override
    public String name() {
        return "hot-toggle";
    }

    @Override
    public void configure(String argument) {
        if (!argument.isEmpty()) {
            rounds = Integer.parseInt(argument);
        }
    }

    @Override
    public long periodMillis() {
        return 25;
    }

    @Override
    public void step(ControlContext ctx) {
        if (PhaseState.phase() < 1) {
            return;
        }
        PhaseState.setToggles(staged);        // every toggle staged so far has been applied by now
        if (staged == rounds) {
            return;
        }
        SiteInfo other = PhaseState.site("HotLoops.other");
        if (staged % 2 == 0) {
            ctx.disable(other.id());
        } else {
            ctx.enable(other.id());
        }
        staged++;
    }
}
