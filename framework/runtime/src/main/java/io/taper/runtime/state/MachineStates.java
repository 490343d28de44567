package io.taper.runtime.state;

/**
 * One {@link StateMachine} state per slot. {@link #fire} advances a slot with a CAS loop, so
 * concurrent events on the same slot are all applied (in some order) and none is lost; a terminal
 * state is never left, whatever the machine's {@code next} would say.
 */
public final class MachineStates implements TerminalSlots, SlotColumn {

    private final StateMachine machine;
    private final int initial;
    private final IntCells cells = new IntCells();

    public MachineStates(StateMachine machine) {
        this.machine = machine;
        this.initial = machine.initial();
    }

    public StateMachine machine() {
        return machine;
    }

    /** Applies one event to the slot; returns the slot's state afterwards. */
    public int fire(int slot, int event) {
        for (;;) {
            int stored = cells.get(slot);
            int state = stored + initial;
            if (machine.isTerminal(state)) {
                return state;
            }
            int next = machine.next(state, event);
            if (next == state) {
                return next;
            }
            if (cells.compareAndSet(slot, stored, next - initial)) {
                if (io.taper.runtime.Audit.enabled()) {
                    io.taper.runtime.Audit.resultChanged("state of slot " + slot + ": " + state + " -> " + next);
                }
                return next;
            }
        }
    }

    /** The slot's current state ({@link StateMachine#initial()} if it never saw an event). */
    public int get(int slot) {
        return cells.get(slot) + initial;
    }

    @Override
    public boolean isTerminal(int slot) {
        return machine.isTerminal(get(slot));
    }

    @Override
    public Object valueAt(int slot) {
        return machine.name(get(slot));
    }
}
