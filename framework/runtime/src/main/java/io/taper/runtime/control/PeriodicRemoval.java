package io.taper.runtime.control;

import io.taper.runtime.SiteInfo;

/**
 * Built-in {@code periodic:<ms>}: every period, removes every dead site (lossless removal: the sites can
 * no longer change the result). Analyses can reuse it in their own strategies by calling
 * {@link #removeDeadSites}.
 */
public final class PeriodicRemoval implements ControllerStrategy {

    public static final String NAME = "periodic";

    private long period = 100;

    @Override
    public String name() {
        return NAME;
    }

    /** The period in milliseconds; "" keeps the default of 100. */
    @Override
    public void configure(String argument) {
        if (argument.isEmpty()) {
            return;
        }
        try {
            period = Long.parseLong(argument.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("periodic:<ms> needs a number of milliseconds, got '" + argument + "'");
        }
        if (period <= 0) {
            throw new IllegalArgumentException("periodic:<ms> needs a positive period, got " + period);
        }
    }

    @Override
    public long periodMillis() {
        return period;
    }

    @Override
    public void step(ControlContext context) {
        switchOffDeadSites(context);
    }

    /**
     * Removes every dead site still deployed, for good; returns how many. A switchable site (an adaptive run's) is
     * switched off, which takes effect at once and re-weaves nothing; any other is disabled, which re-weaves its
     * class. A site switched off can never run again: a strategy that may restore a site uses
     * {@link #removeDeadSites}.
     */
    public static int switchOffDeadSites(ControlContext context) {
        int[] dead = context.deadSites();
        for (int id : dead) {
            SiteInfo site = context.site(id);
            if (site == null || !site.switchable() || !context.switchOff(id)) {
                context.disable(id);
            }
        }
        return dead.length;
    }

    /**
     * Disables every dead site still deployed (its class is re-woven without it), so that the strategy may
     * {@link ControlContext#enable} it again later; returns how many.
     */
    public static int removeDeadSites(ControlContext context) {
        int[] dead = context.deadSites();
        for (int id : dead) {
            context.disable(id);
        }
        return dead.length;
    }
}
