package io.taper.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RetransformationStrategyTest {

    @Test
    void oneBatchPerStepOrFixedSizes() {
        List<Class<?>> c = List.of(String.class, Integer.class, Long.class, Short.class, Byte.class);
        assertEquals(List.of(c), RetransformationStrategy.ONE_BATCH_PER_STEP.batches(c));
        assertEquals(List.of(c.subList(0, 2), c.subList(2, 4), c.subList(4, 5)),
                RetransformationStrategy.batchesOf(2).batches(c));
        assertEquals(List.of(), RetransformationStrategy.batchesOf(2).batches(List.of()));
        assertThrows(IllegalArgumentException.class, () -> RetransformationStrategy.batchesOf(0));
    }
}
