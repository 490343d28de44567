package io.taper.sample.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class KindTest {

    @Test
    void kinds() {
        assertEquals("letter", Words.kind("a"));
        assertEquals("number", Words.kind("123"));
        assertEquals("word", Words.kind("abc"));
    }

    @Test
    void capitalizes() {
        assertEquals("Hello", Words.capitalize("hello"));
    }
}
