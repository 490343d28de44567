package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MachineStatesTest {

    /** The stationary-field machine: 0 = only writes, 1 = read seen, 2 = written after a read. */
    static final StateMachine STATIONARY = new StateMachine() {
        @Override
        public int next(int s, int event) {
            if (s == 0) {
                return event == 1 ? 1 : 0;
            }
            return event == 0 ? 2 : 1;
        }

        @Override
        public boolean isTerminal(int s) {
            return s == 2;
        }

        @Override
        public String name(int s) {
            return s == 2 ? "non-stationary" : "stationary";
        }
    };

    /** Counts events up to a limit, which is terminal. */
    static StateMachine upTo(int limit) {
        return new StateMachine() {
            @Override
            public int next(int s, int event) {
                return s + 1;
            }

            @Override
            public boolean isTerminal(int s) {
                return s >= limit;
            }
        };
    }

    @Test
    void stationaryFieldMachineFollowsThePaper() {
        MachineStates m = new MachineStates(STATIONARY);
        assertEquals(0, m.fire(0, 0));          // write
        assertEquals(0, m.fire(0, 0));          // write
        assertEquals(1, m.fire(0, 1));          // read
        assertEquals(1, m.fire(0, 1));          // read
        assertFalse(m.isTerminal(0));
        assertEquals("stationary", m.valueAt(0));
        assertEquals(2, m.fire(0, 0));          // write after read
        assertTrue(m.isTerminal(0));
        assertEquals(2, m.fire(0, 1), "terminal states are never left");
        assertEquals("non-stationary", m.valueAt(0));
        assertEquals(0, m.get(1), "untouched slot is in the initial state");
    }

    @Test
    void nonZeroInitialStateIsTheStateOfUntouchedSlots() {
        MachineStates m = new MachineStates(new StateMachine() {
            @Override
            public int initial() {
                return 5;
            }

            @Override
            public int next(int s, int event) {
                return s + event;
            }

            @Override
            public boolean isTerminal(int s) {
                return s >= 9;
            }
        });
        assertEquals(5, m.get(42));
        assertEquals(8, m.fire(42, 3));
        assertEquals(10, m.fire(42, 2));
        assertEquals(10, m.fire(42, 2));
    }

    @Test
    void concurrentEventsAreAllAppliedAndTheTerminalStateHolds() throws InterruptedException {
        MachineStates m = new MachineStates(upTo(1_000_000));
        MachineStates capped = new MachineStates(upTo(1_000));
        Concurrently.run(4, t -> {
            for (int i = 0; i < 100_000; i++) {
                m.fire(1, 0);
                capped.fire(1, 0);
            }
        });
        assertEquals(400_000, m.get(1), "no lost transition");
        assertEquals(1_000, capped.get(1), "stopped exactly at the terminal state");
        assertTrue(capped.isTerminal(1));
    }
}
