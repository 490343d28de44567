package io.taper.runtime.control;

import io.taper.runtime.SiteInfo;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Built-in {@code periodic:<ms>[,<spacing>]}: every period, removes every dead site (lossless removal: the
 * sites can no longer change the result). Analyses can reuse it in their own strategies by calling
 * {@link #removeDeadSites}.
 *
 * <p>With a spacing {@code f > 1}, a class whose dead sites were removed at {@code t} ms has its next dead
 * sites removed no earlier than {@code f × t}: its re-weavings thin out as the run goes on, at most about
 * log<sub>f</sub> of the run's length in periods. Each re-weaving throws away the compiled code of the class and
 * of every method that inlined one of its methods, and the JDK's most-inlined classes gain dead sites a few at a
 * time over the whole run. A dead site that waits still runs its snippet, which cannot change the result.
 * Without a spacing (or with 1) every dead site goes at the next step.
 */
public final class PeriodicRemoval implements ControllerStrategy {

    public static final String NAME = "periodic";

    private long period = 100;
    private double spacing = 1;
    private final Map<String, Long> lastRemovalMillis = new HashMap<>();
    private long deferredSteps;
    private long classRemovals;

    @Override
    public String name() {
        return NAME;
    }

    /** The period in milliseconds and an optional spacing; "" keeps the defaults (100, no spacing). */
    @Override
    public void configure(String argument) {
        if (argument.isEmpty()) {
            return;
        }
        String[] parts = argument.split(",", -1);
        if (parts.length > 2) {
            throw new IllegalArgumentException("periodic:<ms>[,<spacing>] takes at most two numbers, got '" + argument + "'");
        }
        try {
            period = Long.parseLong(parts[0].trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("periodic:<ms> needs a number of milliseconds, got '" + argument + "'");
        }
        if (period <= 0) {
            throw new IllegalArgumentException("periodic:<ms> needs a positive period, got " + period);
        }
        if (parts.length == 2) {
            try {
                spacing = Double.parseDouble(parts[1].trim());
            } catch (NumberFormatException e) {
                spacing = Double.NaN;
            }
            if (!(spacing >= 1) || Double.isInfinite(spacing)) {
                throw new IllegalArgumentException("periodic:<ms>,<spacing> needs a spacing factor >= 1, got '"
                        + parts[1].trim() + "'");
            }
        }
    }

    @Override
    public long periodMillis() {
        return period;
    }

    /** The spacing factor (1: none). */
    public double spacing() {
        return spacing;
    }

    @Override
    public void step(ControlContext context) {
        if (spacing <= 1) {
            removeDeadSites(context);
            return;
        }
        long now = context.elapsedMillis();
        Set<String> removedFrom = new HashSet<>();
        boolean deferred = false;
        for (int id : context.deadSites()) {
            SiteInfo s = context.site(id);
            String key = s == null ? "" : s.loaderTag() + "/" + s.className();
            Long last = lastRemovalMillis.get(key);
            if (last == null || now >= Math.max(last, period) * spacing) {
                context.disable(id);
                removedFrom.add(key);
            } else {
                deferred = true;
            }
        }
        for (String key : removedFrom) {
            lastRemovalMillis.put(key, now);
        }
        classRemovals += removedFrom.size();
        if (deferred) {
            deferredSteps++;
        }
    }

    /** Disables every dead site still deployed; returns how many. */
    public static int removeDeadSites(ControlContext context) {
        int[] dead = context.deadSites();
        for (int id : dead) {
            context.disable(id);
        }
        return dead.length;
    }

    @Override
    public Map<String, Object> stats() {
        if (spacing <= 1) {
            return Map.of();
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("spacing", spacing);
        m.put("classRemovals", classRemovals);
        m.put("stepsThatDeferred", deferredSteps);
        return m;
    }
}
