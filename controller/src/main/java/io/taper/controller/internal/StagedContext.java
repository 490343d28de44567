package io.taper.controller.internal;

import io.taper.controller.ClassDeployments;
import io.taper.runtime.AnalysisResults;
import io.taper.runtime.Audit;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.SiteSwitches;
import io.taper.runtime.control.ControlContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link ControlContext} of one step: reads the run's deployment and site registry, and stages the
 * strategy's changes; queries see the staged changes, the deployment does not until the step ends.
 */
final class StagedContext implements ControlContext {

    private final ClassDeployments deployments;
    private final ResultsHolder results;
    private final long elapsedMillis;
    private final long step;
    private final List<Change> changes = new ArrayList<>();
    private final Map<Integer, Boolean> stagedDisabled = new HashMap<>();
    private final Map<Integer, String> stagedVariant = new HashMap<>();
    private final List<Integer> switchedOff = new ArrayList<>();
    private final double reweavePauseMillisPerClass;

    StagedContext(ClassDeployments deployments, ResultsHolder results, long elapsedMillis, long step,
                  double reweavePauseMillisPerClass) {
        this.deployments = deployments;
        this.results = results;
        this.elapsedMillis = elapsedMillis;
        this.step = step;
        this.reweavePauseMillisPerClass = reweavePauseMillisPerClass;
    }

    @Override
    public double reweavePauseMillisPerClass() {
        return reweavePauseMillisPerClass;
    }

    List<Change> changes() {
        return changes;
    }

    @Override
    public long elapsedMillis() {
        return elapsedMillis;
    }

    @Override
    public long stepNumber() {
        return step;
    }

    @Override
    public List<SiteInfo> sites() {
        return SiteRegistry.all();
    }

    @Override
    public SiteInfo site(int siteId) {
        return SiteRegistry.get(siteId);
    }

    @Override
    public int[] deadSites() {
        int[] dead = SiteRegistry.deadSites();
        int n = 0;
        for (int id : dead) {
            if (!isDisabled(id) && !isSwitchedOff(id)) {
                dead[n++] = id;
            }
        }
        return Arrays.copyOf(dead, n);
    }

    @Override
    public boolean isDisabled(int siteId) {
        Boolean staged = stagedDisabled.get(siteId);
        return staged != null ? staged : deployments.isDisabled(siteId);
    }

    @Override
    public String variant(int siteId) {
        String staged = stagedVariant.get(siteId);
        return staged != null ? staged : deployments.variant(siteId);
    }

    @Override
    public void disable(int siteId) {
        changes.add(new Change(Change.Kind.DISABLE, siteId, null));
        stagedDisabled.put(siteId, true);
    }

    @Override
    public void enable(int siteId) {
        if (!Audit.enabled() && SiteSwitches.isOff(siteId)) {
            throw new IllegalStateException("site " + siteId + " was switched off, and a switch is never turned back"
                    + " on: a strategy that restores sites removes them with disable()");
        }
        changes.add(new Change(Change.Kind.ENABLE, siteId, null));
        stagedDisabled.put(siteId, false);
    }

    @Override
    public boolean switchOff(int siteId) {
        // an audit keeps the site running, marked, so that its events are checked
        boolean now = Audit.enabled() ? Audit.markRemoved(siteId) : SiteSwitches.switchOff(siteId);
        if (now) {
            switchedOff.add(siteId);
        }
        return now;
    }

    /** The sites this step switched off (each took effect when it was switched). */
    List<Integer> switchedOff() {
        return switchedOff;
    }

    @Override
    public boolean isSwitchedOff(int siteId) {
        return Audit.enabled() ? Audit.isRemoved(siteId) : SiteSwitches.isOff(siteId);
    }

    @Override
    public void setVariant(int siteId, String variant) {
        String v = variant == null ? "" : variant;
        changes.add(new Change(Change.Kind.VARIANT, siteId, v));
        stagedVariant.put(siteId, v);
    }

    @Override
    public AnalysisResults results() {
        return results.get();
    }
}
