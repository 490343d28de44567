package io.taper.eval.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThroughputTest {

    @Test
    void parsesWindowsAndTakesTheMedianOfTheLastThird() {
        Throughput t = Throughput.parse("throughput windowMillis=500 requests=10,20,30,40,50,60,70,80,90");
        assertEquals(500, t.windowMillis());
        assertEquals(List.of(10L, 20L, 30L, 40L, 50L, 60L, 70L, 80L, 90L), t.requests());
        // last third: 70, 80, 90 per half second -> median 80 -> 160 per second
        assertEquals(160.0, t.steadyPerSecond().getAsDouble());
        assertEquals(60.0, t.perSecond(2));
    }

    @Test
    void aRunShorterThanThreeWindowsUsesItsLastWindow() {
        assertEquals(7.0, Throughput.parse("throughput windowMillis=1000 requests=3,7").steadyPerSecond().getAsDouble());
    }

    @Test
    void reachesFromIsTheFirstWindowOfTheFinalRunAboveTheRate() {
        Throughput t = Throughput.parse("throughput windowMillis=1000 requests=5,9,4,9,10,12");
        assertEquals(OptionalInt.of(3), t.reachesFrom(9));
        assertEquals(OptionalInt.of(0), t.reachesFrom(4));
        assertEquals(OptionalInt.empty(), t.reachesFrom(13));
    }

    @Test
    void malformedLinesAreRefusedWithTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Throughput.parse("throughput windowMillis=1000 requests=1,x"));
        assertEquals("bad number in throughput line: throughput windowMillis=1000 requests=1,x", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Throughput.parse("throughput requests=1,2"));
        assertThrows(IllegalArgumentException.class, () -> Throughput.parse("serve seconds=3"));
    }

    @Test
    void theLastThroughputLineOfStdoutIsTheRunsAndGarbageIsNone(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(ProcessRunner.STDOUT), "throughput windowMillis=1000 requests=1\n"
                + "[taper] x\nthroughput windowMillis=1000 requests=4,5\nserve seconds=2 checksum=ab\n");
        assertEquals(List.of(4L, 5L), Throughput.fromStdout(dir).requests());
        Files.writeString(dir.resolve(ProcessRunner.STDOUT), "throughput windowMillis=oops requests=4\n");
        assertNull(Throughput.fromStdout(dir));
        assertNull(Throughput.fromStdout(dir.resolve("missing")));
    }
}
