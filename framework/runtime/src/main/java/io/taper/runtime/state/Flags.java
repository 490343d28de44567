package io.taper.runtime.state;

/**
 * Ratcheted booleans, one per slot: false until {@link #set}, true for ever after (coverage). A set
 * slot is terminal. Setting an already-set slot is a single read; the first set is one CAS.
 */
public final class Flags implements TerminalSlots, SlotColumn {

    private final IntCells cells = new IntCells();

    /** Sets the flag; returns true only for the call that changed it from false to true. */
    public boolean set(int slot) {
        if (cells.get(slot) != 0) {
            return false;
        }
        boolean changed = cells.compareAndSet(slot, 0, 1);
        if (changed && io.taper.runtime.Audit.enabled()) {
            io.taper.runtime.Audit.resultChanged("flag " + slot + " set");
        }
        return changed;
    }

    public boolean isSet(int slot) {
        return cells.get(slot) != 0;
    }

    @Override
    public boolean isTerminal(int slot) {
        return isSet(slot);
    }

    @Override
    public Object valueAt(int slot) {
        return isSet(slot);
    }
}
