package io.taper.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A long text goes in chunks and comes back whole; a slot number reads back, or -1 where there is none. */
class FactTextTest {

    @Test
    void aTextLongerThanAChunkComesBackWhole() {
        String text = "m\t()V\n".repeat(FactText.CHUNK / 3);
        Map<String, String> facts = new HashMap<>(FactText.split("t.", text));
        assertEquals("2", facts.get("t.n"));
        assertEquals(text, FactText.join(facts, "t."));
        facts.remove("t.1");
        assertNull(FactText.join(facts, "t."), "a missing chunk: not whole");
    }

    @Test
    void aNumberReadsBackAndAnythingElseIsMinusOne() {
        Map<String, String> facts = Map.of("slot", "42", "zero", "0", "negative", "-7", "word", "forty", "big",
            "99999999999");
        assertEquals(42, FactText.number(facts, "slot"));
        assertEquals(0, FactText.number(facts, "zero"));
        assertEquals(-1, FactText.number(facts, "negative"));
        assertEquals(-1, FactText.number(facts, "word"));
        assertEquals(-1, FactText.number(facts, "big"));
        assertEquals(-1, FactText.number(facts, "absent"));
    }
}
