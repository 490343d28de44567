package io.taper.analysis.sfa.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FieldRowsTest {

    @Test
    void countsPerVerdictAndCategory() {
        List<Map<String, Object>> rows = List.of(
            Map.of("category", "dF", "verdict", "stationary"),
            Map.of("category", "uF", "verdict", "stationary"),
            Map.of("category", "uF", "verdict", "stationary"),
            Map.of("category", "nF", "verdict", "non-stationary"),
            Map.of("category", "dF", "verdict", "non-stationary"));
        assertEquals(Map.of("fields", 5L,
                "stationary", Map.of("dF", 1L, "uF", 2L, "nF", 0L),
                "non-stationary", Map.of("dF", 1L, "uF", 0L, "nF", 1L)),
            FieldRows.counts(rows));
    }

    @Test
    void categoryFromDeclarationThenFromWhereWritesHappened() {
        assertEquals("dF", FieldRows.category(true, FieldTable.WRITTEN_OUTSIDE_CONSTRUCTOR));
        assertEquals("nF", FieldRows.category(false, FieldTable.WRITTEN | FieldTable.WRITTEN_OUTSIDE_CONSTRUCTOR));
        assertEquals("uF", FieldRows.category(false, FieldTable.WRITTEN));
        assertEquals("uF", FieldRows.category(false, FieldTable.ACCESSED));
    }
}
