package io.taper.sample.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IntStackTest {

    @Test
    void growsAndPopsInReverse() {
        IntStack s = new IntStack();
        for (int i = 0; i < 5; i++) {
            s.push(i);
        }
        assertEquals(5, s.size());
        assertEquals(4, s.pop());
        assertEquals(3, s.pop());
    }

    @Test
    void startsEmpty() {
        assertTrue(new IntStack().isEmpty());
    }
}
