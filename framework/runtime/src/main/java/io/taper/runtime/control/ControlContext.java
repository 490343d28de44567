package io.taper.runtime.control;

import io.taper.runtime.AnalysisResults;
import io.taper.runtime.SiteInfo;
import java.util.List;

/**
 * What a {@link ControllerStrategy} sees and may change during one step. Changes are staged and
 * applied by the controller after {@link ControllerStrategy#step} returns (in the order given), so a
 * step that disables and re-enables the same site changes nothing and retransforms nothing.
 */
public interface ControlContext {

    /** Milliseconds since the controller started. */
    long elapsedMillis();

    /** The number of this step, from 1. */
    long stepNumber();

    /** Every site woven so far, active or not (a copy). */
    List<SiteInfo> sites();

    /** The site by id, or null. */
    SiteInfo site(int siteId);

    /** Dead sites (every state slot they update is terminal) that are still deployed, ascending. */
    int[] deadSites();

    /** True if the site is disabled in the current deployment (including changes staged this step). */
    boolean isDisabled(int siteId);

    /** The variant the site is deployed with ("" for the snippet's default), including staged changes. */
    String variant(int siteId);

    /** Removes the site: its class is re-woven without it. */
    void disable(int siteId);

    /**
     * Restores a disabled site.
     *
     * @throws IllegalStateException if the site was switched off: a switch is never turned back on (remove a site
     *     that may come back with {@link #disable})
     */
    void enable(int siteId);

    /**
     * Switches the site off where it stands, without re-weaving its class ({@link io.taper.runtime.SiteSwitches}):
     * the woven code of a {@link io.taper.runtime.SiteInfo#switchable()} site asks the switch before its snippet
     * (an adaptive run's sites, unless the snippet is {@code @NoSiteSwitch}), and a snippet may ask it itself.
     * Unlike the changes above it is not staged: it takes effect at once, and for the rest of the run.
     *
     * @return false if the site already was switched off (or its id is beyond the switch table: 4 million sites)
     */
    boolean switchOff(int siteId);

    /** True if the site was switched off. */
    boolean isSwitchedOff(int siteId);

    /** Switches the site to a variant of its snippet ("" or null for the default). */
    void setVariant(int siteId, String variant);

    /** The analysis's results (the same object the agent snapshots at the end), or null if it has none. */
    AnalysisResults results();

    /**
     * The pause re-weaving one class costs, measured on this run: the controller's retransformations so far (weaving
     * and redefinition), per class, smoothed; before the first, the start-up retransformation's time per class. Not
     * the recompilation that follows, often the larger part. 0 while nothing was measured.
     */
    default double reweavePauseMillisPerClass() {
        return 0;
    }
}
