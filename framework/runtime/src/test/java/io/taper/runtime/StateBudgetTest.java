package io.taper.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The budget's flags never go back during a session; a reset after a detach starts the next one below no budget. */
class StateBudgetTest {

    @Test
    void aResetForgetsTheBudgetAndThatItWasReachedOrTheHeapGone() {
        try {
            StateBudget.set(1_000);
            assertTrue(StateBudget.measured(950));
            StateBudget.heapExhausted();
            assertTrue(StateBudget.reached());
            assertTrue(StateBudget.heapGone());

            StateBudget.reset();
            assertEquals(Long.MAX_VALUE, StateBudget.budgetBytes());
            assertFalse(StateBudget.reached());
            assertFalse(StateBudget.heapGone());
            assertEquals(0, StateBudget.reachedAtNanos());
            assertFalse(StateBudget.measured(950), "no budget until the next session sets one");

            StateBudget.set(1_000);
            assertFalse(StateBudget.measured(800), "below the next session's budget");
            assertFalse(StateBudget.reached());
        } finally {
            StateBudget.reset();
        }
    }
}
