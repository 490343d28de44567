package io.taper.runtime.state;

/**
 * A small state machine over int states, shared by every slot of a {@link MachineStates} store (FRANC's
 * updater). Implementations must be pure and must not allocate: {@link #next} runs on the hot path.
 *
 * <p>Example, the stationary-field machine of the adaptive-instrumentation paper (Fig. 2):
 * <pre>{@code
 * StateMachine stationary = new StateMachine() {
 *     public int next(int s, int event) {      // event 0 = write, 1 = read
 *         if (s == 0) return event == 1 ? 1 : 0;  // S0: only writes so far
 *         if (s == 1) return event == 0 ? 2 : 1;  // S1: read seen; a write now breaks stationarity
 *         return 2;
 *     }
 *     public boolean isTerminal(int s) { return s == 2; }
 *     public String name(int s) { return s == 2 ? "non-stationary" : "stationary"; }
 * };
 * }</pre>
 */
public interface StateMachine {

    /** The state every slot starts in. */
    default int initial() {
        return 0;
    }

    /** The state after {@code event} in {@code state}. Never called for a terminal state. */
    int next(int state, int event);

    /** True if no event can leave this state. */
    boolean isTerminal(int state);

    /** The state's name in result rows. */
    default String name(int state) {
        return Integer.toString(state);
    }
}
