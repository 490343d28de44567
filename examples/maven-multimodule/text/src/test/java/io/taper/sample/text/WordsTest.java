package io.taper.sample.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class WordsTest {

    @Test
    void splitsOnAnythingButLettersAndDigits() {
        assertEquals(List.of("a", "bc", "42"), Words.split("a, bc  42"));
        assertEquals(List.of("x"), Words.split("x!"));
    }

    @Test
    void primeLengthWords() {
        assertEquals(List.of("to", "bee", "or", "hello"), Words.primeLength("to bee or hello a"));
    }
}
