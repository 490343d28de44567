package io.taper.sample.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SummaryTest {

    @Test
    void countsByKind() {
        Summary s = new Summary("a 12 cats and 7 dogs");
        assertEquals(2, s.count("letter"));
        assertEquals(1, s.count("number"));
        assertEquals(3, s.count("word"));
        assertEquals(0, s.count("empty"));
    }

    @Test
    void rendersInKindOrder() {
        assertEquals("letter: a\nword: hi\n", new Summary("hi a").render());
    }
}
