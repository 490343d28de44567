package io.taper.controller.internal;

import io.taper.result.ResultKeys.Controller;
import io.taper.controller.ClassDeployments;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the controller's changes did to sites, confirmed from the woven code (the site tables the agent
 * reports after each weave), not from the requests: a site counts as removed when its class's current
 * code lacks it, and as re-deployed when a removed site is back. Only the controller thread calls this.
 */
final class SiteOutcomes {

    static final int LOG_LIMIT = 100_000;

    private final ClassDeployments deployments;
    private final Set<Integer> pendingRemoval = new HashSet<>();
    private final Set<Integer> pendingRestore = new HashSet<>();
    private final Set<Integer> removed = new HashSet<>();
    private final List<long[]> removals = new ArrayList<>();       // {site, atMillis}
    private final List<long[]> redeployments = new ArrayList<>();
    private long removalEvents;
    private long redeployEvents;
    private long variantSwitches;

    SiteOutcomes(ClassDeployments deployments) {
        this.deployments = deployments;
    }

    void requested(Change c) {
        switch (c.kind()) {
            case DISABLE -> {
                pendingRestore.remove(c.siteId());
                if (!removed.contains(c.siteId())) {
                    pendingRemoval.add(c.siteId());
                }
            }
            case ENABLE -> {
                pendingRemoval.remove(c.siteId());
                if (removed.contains(c.siteId())) {
                    pendingRestore.add(c.siteId());
                }
            }
            case VARIANT -> variantSwitches++;
        }
    }

    /**
     * A site switched off where it stands: removed from that moment (its class keeps the woven code, which asks
     * the switch), and logged as a removal like one that re-weaving confirmed.
     */
    void switchedOff(int siteId, long atMillis) {
        if (removed.add(siteId)) {
            pendingRemoval.remove(siteId);
            removalEvents++;
            if (removals.size() < LOG_LIMIT) {
                removals.add(new long[] {siteId, atMillis});
            }
        }
    }

    /** Confirms pending changes that the current woven code shows. */
    void confirm(long atMillis) {
        for (var it = pendingRemoval.iterator(); it.hasNext(); ) {
            int id = it.next();
            if (Boolean.FALSE.equals(deployments.isWovenActive(id))) {
                it.remove();
                removed.add(id);
                removalEvents++;
                if (removals.size() < LOG_LIMIT) {
                    removals.add(new long[] {id, atMillis});
                }
            }
        }
        for (var it = pendingRestore.iterator(); it.hasNext(); ) {
            int id = it.next();
            if (Boolean.TRUE.equals(deployments.isWovenActive(id))) {
                it.remove();
                removed.remove(id);
                redeployEvents++;
                if (redeployments.size() < LOG_LIMIT) {
                    redeployments.add(new long[] {id, atMillis});
                }
            }
        }
    }

    boolean isRemoved(int siteId) {
        return removed.contains(siteId);
    }

    void putInto(Map<String, Object> m) {
        // Sites the controller holds removed now (switched off or re-woven without, or waiting for it); the
        // run's count of sites re-woven without is the agent's stats.sitesRemoved.
        m.put("sitesMarkedRemoved", (long) removed.size());
        m.put("removalEvents", removalEvents);
        m.put("sitesRedeployed", redeployEvents);
        m.put("variantSwitches", variantSwitches);
        m.put("removalsPending", (long) pendingRemoval.size());
        m.put("redeploymentsPending", (long) pendingRestore.size());
        m.put(Controller.REMOVALS, events(removals));
        m.put("redeployments", events(redeployments));
    }

    private static List<Map<String, Object>> events(List<long[]> log) {
        List<Map<String, Object>> out = new ArrayList<>(log.size());
        for (long[] e : log) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put(Controller.SITE, (int) e[0]);
            x.put(Controller.AT_MILLIS, e[1]);
            out.add(x);
        }
        return out;
    }
}
