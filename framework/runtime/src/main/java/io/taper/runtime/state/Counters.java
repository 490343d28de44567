package io.taper.runtime.state;

/**
 * One counter per slot (FRANC's counter state machine: the ascending naturals, never terminal).
 * {@link #inc} and {@link #add} are one atomic add on a cell that never moves: no lock, no allocation,
 * no lost update however many threads count the same slot.
 */
public final class Counters implements TerminalSlots, SlotColumn {

    private final LongCells cells = new LongCells();

    public void inc(int slot) {
        cells.getAndAdd(slot, 1);
    }

    public void add(int slot, long delta) {
        cells.getAndAdd(slot, delta);
    }

    public long get(int slot) {
        return cells.get(slot);
    }

    /** The bytes the counters hold. */
    public long bytes() {
        return cells.bytes();
    }

    /** A counter can always still change. */
    @Override
    public boolean isTerminal(int slot) {
        return false;
    }

    @Override
    public Object valueAt(int slot) {
        return get(slot);
    }
}
