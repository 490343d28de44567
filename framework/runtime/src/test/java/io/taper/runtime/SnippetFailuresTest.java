package io.taper.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Failures are counted and the first kept, until a reset after a detach forgets them. */
class SnippetFailuresTest {

    @Test
    void aResetForgetsTheCountAndTheFirstFailure() {
        SnippetFailures.reset();
        SnippetFailures.record(new IllegalStateException("first"));
        SnippetFailures.record(new IllegalArgumentException("second"));
        assertEquals(2, SnippetFailures.count());
        assertEquals("java.lang.IllegalStateException: first", SnippetFailures.first());

        SnippetFailures.reset();
        assertEquals(0, SnippetFailures.count());
        assertNull(SnippetFailures.first());

        SnippetFailures.record(new UnsupportedOperationException("next session"));
        assertEquals(1, SnippetFailures.count());
        assertEquals("java.lang.UnsupportedOperationException: next session", SnippetFailures.first());
        SnippetFailures.reset();
    }
}
