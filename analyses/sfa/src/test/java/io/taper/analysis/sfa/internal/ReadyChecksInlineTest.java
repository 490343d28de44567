package io.taper.analysis.sfa.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.testing.InlineChain;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The read and write checks that the inlinable snippets make at every ready site ({@link FieldEvents#markedRead},
 * {@link FieldEvents#unreadWrite}) are forced inline step by step down to the mark's load (and, for a read, its store), so that a compilation
 * that inlines a woven method pays one byte of its inlining budget per step, not the checks' bytecode.
 */
class ReadyChecksInlineTest {

    @Test
    void theReadCheckIsForcedInlineToTheMarksLoadAndStore() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("FieldEvents.markedRead", InlineChain.FORCED);
        expected.put("ReadySites.marked", InlineChain.FORCED);
        expected.put("ReadySites.offset", InlineChain.FORCED);
        expected.put("ReadySites.chunk", InlineChain.FORCED);
        expected.put("ShadowMarks.markRead", InlineChain.FORCED);
        assertEquals(expected, InlineChain.of(FieldEvents.class, "markedRead"));
    }

    @Test
    void theWriteCheckIsForcedInlineToTheMark() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("FieldEvents.unreadWrite", InlineChain.FORCED);
        expected.put("ReadySites.unmarked", InlineChain.FORCED);
        expected.put("ReadySites.offset", InlineChain.FORCED);
        expected.put("ReadySites.chunk", InlineChain.FORCED);
        expected.put("ShadowMarks.isRead", InlineChain.FORCED);
        assertEquals(expected, InlineChain.of(FieldEvents.class, "unreadWrite"));
    }
}
