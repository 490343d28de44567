package io.taper.analysis.methodtime;

import io.taper.runtime.control.ControlContext;
import io.taper.runtime.control.ControllerStrategy;

/**
 * The controller strategy {@code method-time[:<period ms>,<min invocations>,<max mean ms>]} (default
 * {@code method-time:500,100,1.0}, see {@link RemovalPolicy}): each step sums every thread's completed
 * calls per method, marks the cheap hot methods removed, and disables their entry and exit sites. A
 * removed method stays removed (its row keeps what it had and says so).
 */
public final class MethodTimeStrategy implements ControllerStrategy {

    public static final String NAME = "method-time";

    private RemovalPolicy policy = RemovalPolicy.defaults();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void configure(String argument) {
        policy = RemovalPolicy.parse(argument);
    }

    @Override
    public long periodMillis() {
        return policy.periodMillis;
    }

    @Override
    public void step(ControlContext context) {
        int methods = MethodIds.size();
        long[] calls = new long[methods];
        long[] nanos = new long[methods];
        for (ThreadProfile p : ThreadProfiles.all()) {
            p.addMethodTotals(calls, nanos);
        }
        for (int m = 0; m < methods; m++) {
            if (!Removals.isRemoved(m) && policy.isCheap(calls[m], nanos[m])) {
                Removals.mark(m, context.elapsedMillis());
            }
        }
        disableRemovedSites(context);
    }

    /**
     * Disables every site of a removed method still deployed, entry or exit. Run on every step, not only
     * when a method is newly removed: a site first fires (and joins its method) possibly after the removal.
     */
    static int disableRemovedSites(ControlContext context) {
        int n = 0;
        for (int m : Removals.methods()) {
            for (int site : MethodIds.sitesOf(m)) {
                if (!context.isDisabled(site)) {
                    context.disable(site);
                    n++;
                }
            }
        }
        return n;
    }

    /** The policy in force (for tests and statistics). */
    RemovalPolicy policy() {
        return policy;
    }
}
