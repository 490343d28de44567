package io.taper.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.runtime.state.ThreadCounters;
import io.taper.testing.InlineChain;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The checks woven code runs at every site cost a compilation's inlining budget one byte each: every step is
 * forced inline and every slow path is never inlined ({@link InlineChain}). Left to the JIT, the counter fetch and
 * its lookup charged some 200 bytes per inlined woven method, and the site switch's check some 40 per site.
 */
class InlinedChecksTest {

    @Test
    void anEntryCounterIsForcedInlineUpToItsLookup() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("ThreadCounters.count", InlineChain.FORCED);
        expected.put("ThreadCounters.counters", InlineChain.FORCED);
        expected.put("ThreadCounters.lookup", InlineChain.NEVER);
        assertEquals(expected, InlineChain.of(ThreadCounters.class, "count"));
    }

    @Test
    void theSiteSwitchCheckIsForcedInline() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("SiteSwitches.isOff", InlineChain.FORCED);
        expected.put("SiteSwitches.chunk", InlineChain.FORCED);
        assertEquals(expected, InlineChain.of(SiteSwitches.class, "isOff"));
    }

    @Test
    void aSnippetFailureIsRecordedOutOfLine() {
        assertEquals(Map.of("SnippetFailures.record", InlineChain.NEVER),
            InlineChain.of(SnippetFailures.class, "record"));
    }
}
