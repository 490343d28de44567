package io.taper.runtime;

import io.taper.runtime.state.ProbeArrays;
import io.taper.runtime.state.ThreadCounters;
import io.taper.runtime.state.ThreadFieldCounters;

/**
 * Returns the runtime's state to what the observed JVM had before the agent first ran. The runtime stays on the boot
 * class path once the agent detaches, and its classes keep their static state; a detached JVM should hold nothing of
 * Taper's, and a later attach (a new server session, whose site ids, class slots and counter numbers start from zero
 * again) must find no site, switch, count, flag or failure of the session before, or it would report them as its own.
 * The agent calls {@link #resetAll} once a detach has restored every woven class and written the results, after the
 * analysis's own {@link AnalysisResults#reset}.
 *
 * <p>What stays: the listeners analyses gave {@link SiteRegistry} and {@link AgentTime} (their classes' initialisation
 * added them and does not run again), and what holds only facts of the JVM, such as {@link Bypass}'s per-thread depth.
 * A method still running in its woven form at the detach (the JVM cannot swap the code of a running frame) goes on
 * calling the runtime until it returns; what it records after the reset lands in the fresh state under the old
 * session's numbers.
 */
public final class RuntimeReset {

    private RuntimeReset() {
    }

    /** Resets every runtime class that holds state woven code or results read. */
    public static void resetAll() {
        Audit.reset();
        SiteSwitches.reset();
        SiteRegistry.reset();
        ProbeArrays.reset();
        // before ThreadFieldCounters: it turns own work off, whose end would register a thread in their fresh state
        ThreadCounters.reset();
        ThreadFieldCounters.reset();
        // last: the stores record an exhausted heap here, and a failure while they were let go is this session's
        SnippetFailures.reset();
        StateBudget.reset();
    }
}
