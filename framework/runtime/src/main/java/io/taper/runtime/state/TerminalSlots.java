package io.taper.runtime.state;

/**
 * A store of state slots that knows which slots can no longer change: the site registry asks it whether
 * a site's slots are all terminal (the site is then dead and may be removed).
 */
@FunctionalInterface
public interface TerminalSlots {

    /**
     * True if no further event can change this slot's state. Must be monotonic: once true, it stays
     * true for the rest of the run (the controller removes sites on the strength of it).
     */
    boolean isTerminal(int slot);
}
