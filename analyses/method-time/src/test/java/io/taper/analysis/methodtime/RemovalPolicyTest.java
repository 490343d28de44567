package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The numbers of the adaptive policy (the paper's three, the pacing's two and the sampling period) and the
 * removal decision.
 */
class RemovalPolicyTest {

    @Test
    void defaultsAreThePapersPolicy() {
        RemovalPolicy p = RemovalPolicy.parse("");
        assertEquals(500, p.periodMillis);
        assertEquals(100, p.minInvocations);
        assertEquals(1.0, p.maxMeanMillis);
        assertEquals(10_000, p.hotCallsPerSecond);
        assertEquals(5_000, p.maxDeferMillis);
        assertEquals(10, p.sampleMillis);
        assertEquals(RemovalPolicy.How.ONCE, p.how);
        assertEquals("500,100,1.0,10000,5000,10,once", p.toString());
    }

    @Test
    void partsMayBeLeftOut() {
        RemovalPolicy p = RemovalPolicy.parse(" 100 , 20 ");
        assertEquals(100, p.periodMillis);
        assertEquals(20, p.minInvocations);
        assertEquals(1.0, p.maxMeanMillis);
        assertEquals(0.25, RemovalPolicy.parse("50,10,0.25").maxMeanMillis);
        RemovalPolicy paced = RemovalPolicy.parse("50,10,0.25,300,0");
        assertEquals(300, paced.hotCallsPerSecond);
        assertEquals(0, paced.maxDeferMillis);
        assertEquals(RemovalPolicy.DEFAULT_MAX_DEFER_MILLIS, RemovalPolicy.parse("50,10,0.25,300").maxDeferMillis);
        assertEquals(0, RemovalPolicy.parse("50,10,0.25,300,0,0").sampleMillis, "0: no sampling");
        assertEquals(25, RemovalPolicy.parse("50,10,0.25,300,0,25").sampleMillis);
        assertEquals(RemovalPolicy.How.SWITCH, RemovalPolicy.parse("50,10,0.25,300,0,25, switch").how);
        assertEquals(RemovalPolicy.How.ONCE, RemovalPolicy.parse("50,10,0.25,300,0,25,once").how);
        RemovalPolicy rewoven = RemovalPolicy.parse("50,10,0.25,300,0,25,retransform");
        assertEquals(RemovalPolicy.How.RETRANSFORM, rewoven.how);
        assertEquals("50,10,0.25,300,0,25,retransform", rewoven.toString());
    }

    @Test
    void badSpecsAreRejectedWithTheExpectedForm() {
        for (String bad : new String[] {"0", "-5", "100,0", "100,10,-1", "100,10,NaN", "x", "1,2,3,4,5,6,7", "1,2,3,4,5,6,switch,8", "1,2,3,4,5,6,off",
            "1,2,3,4,5,6,", "1,2,3,4,5,-6",
            "100,,1", "100,10,1,-1", "100,10,1,5,-1", "100,10,1,5,2.5"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RemovalPolicy.parse(bad), bad);
            assertTrue(e.getMessage().contains("must") || e.getMessage().contains("method-time:<period ms>"), e.getMessage());
        }
    }

    @Test
    void cheapMeansEnoughCallsAndAMeanBelowTheThreshold() {
        RemovalPolicy p = new RemovalPolicy(500, 100, 1.0);
        assertTrue(p.isCheap(100, 99_999_999L));         // mean 0.99999999 ms
        assertFalse(p.isCheap(100, 100_000_000L));       // mean exactly 1 ms: kept
        assertFalse(p.isCheap(99, 0));                   // too few calls
        assertTrue(p.isCheap(1_000_000, 1_000_000L));
    }

    @Test
    void theStrategyTakesTheSpecAfterItsName() {
        MethodTimeStrategy s = new MethodTimeStrategy();
        assertEquals("method-time", s.name());
        s.configure("200,5,0.5");
        assertEquals(200, s.periodMillis());
        assertEquals(5, s.policy().minInvocations);
        assertThrows(IllegalArgumentException.class, () -> s.configure("fast"));
    }
}
