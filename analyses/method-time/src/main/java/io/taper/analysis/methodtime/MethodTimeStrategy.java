package io.taper.analysis.methodtime;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.control.ControlContext;
import io.taper.runtime.control.ControllerStrategy;
import java.util.List;

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
        boolean removedAny = false;
        for (int m = 0; m < methods; m++) {
            if (!Removals.isRemoved(m) && policy.isCheap(calls[m], nanos[m])) {
                removedAny |= Removals.mark(m, context.elapsedMillis());
            }
        }
        if (removedAny) {
            disableRemovedSites(context);
        }
    }

    /** Disables every site, entry or exit, of a removed method. */
    static int disableRemovedSites(ControlContext context) {
        int n = 0;
        List<SiteInfo> sites = context.sites();
        for (SiteInfo s : sites) {
            if (!context.isDisabled(s.id()) && Removals.isRemoved(MethodIds.find(s))) {
                context.disable(s.id());
                n++;
            }
        }
        return n;
    }

    /** The policy in force (for tests and statistics). */
    RemovalPolicy policy() {
        return policy;
    }
}
