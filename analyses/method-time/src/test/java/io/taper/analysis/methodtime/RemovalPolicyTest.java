package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The options of the adaptive policy (the paper's three numbers, the pacing's two, the sampling period and how a
 * method is removed) and the removal decision.
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
        assertEquals(RemovalPolicy.How.SWITCH, p.how);
        assertEquals("period-ms=500,first-period-ms=100,min-calls=100,max-mean-ms=1.0,hot-calls-per-s=10000,"
                + "max-defer-ms=5000,sample-ms=10,how=switch,sampler=jfr", p.toString());
    }

    @Test
    void optionsAreNamedAndTheOthersKeepTheirDefaults() {
        RemovalPolicy p = RemovalPolicy.parse(" min-calls = 20 , period-ms=100 ");
        assertEquals(100, p.periodMillis);
        assertEquals(20, p.minInvocations);
        assertEquals(1.0, p.maxMeanMillis);
        assertEquals(0.25, RemovalPolicy.parse("max-mean-ms=0.25").maxMeanMillis);
        RemovalPolicy paced = RemovalPolicy.parse("hot-calls-per-s=300,max-defer-ms=0");
        assertEquals(300, paced.hotCallsPerSecond);
        assertEquals(0, paced.maxDeferMillis);
        assertEquals(RemovalPolicy.DEFAULT_MAX_DEFER_MILLIS, RemovalPolicy.parse("hot-calls-per-s=300").maxDeferMillis);
        assertEquals(0, RemovalPolicy.parse("sample-ms=0").sampleMillis, "0: no sampling");
        assertEquals(RemovalPolicy.How.SWITCH, RemovalPolicy.parse("how=switch").how);
        assertEquals(RemovalPolicy.Sampler.JFR, RemovalPolicy.parse("").sampler);
        RemovalPolicy rewoven = RemovalPolicy.parse("period-ms=50,min-calls=10,max-mean-ms=0.25,hot-calls-per-s=300,"
                + "max-defer-ms=0,sample-ms=25,how=retransform,sampler=stacks");
        assertEquals(RemovalPolicy.How.RETRANSFORM, rewoven.how);
        assertEquals(RemovalPolicy.Sampler.STACKS, rewoven.sampler);
        assertEquals("period-ms=50,first-period-ms=100,min-calls=10,max-mean-ms=0.25,hot-calls-per-s=300,"
                + "max-defer-ms=0,sample-ms=25,how=retransform,sampler=stacks", rewoven.toString());
        assertEquals(rewoven.toString(), RemovalPolicy.parse(rewoven.toString()).toString(), "a policy reads back");
    }

    @Test
    void stepsStartCloseAndWidenWithAQuarterOfTheElapsedTimeToThePeriod() {
        RemovalPolicy p = RemovalPolicy.defaults();
        assertEquals(100, p.firstPeriodMillis);
        assertEquals(100, p.delayMillis(0));
        assertEquals(100, p.delayMillis(-5), "a clock before the start is the start");
        assertEquals(100, p.delayMillis(400));
        assertEquals(250, p.delayMillis(1_000));
        assertEquals(500, p.delayMillis(2_000));
        assertEquals(500, p.delayMillis(60_000));
        RemovalPolicy flat = RemovalPolicy.parse("first-period-ms=500");
        assertEquals(500, flat.delayMillis(0), "a first period at the period: every step a period apart");
        assertEquals(500, flat.delayMillis(60_000));
        RemovalPolicy shortPeriod = RemovalPolicy.parse("period-ms=50");
        assertEquals(50, shortPeriod.delayMillis(0), "never longer than the period");
        MethodTimeStrategy s = new MethodTimeStrategy();
        s.configure("first-period-ms=200,period-ms=1000");
        assertEquals(200, s.delayMillis(0));
        assertEquals(750, s.delayMillis(3_000));
        assertEquals(1000, s.periodMillis());
    }

    @Test
    void badOptionsAreNamed() {
        assertMessage("period-ms=0", "the period must be positive, got 0 ms");
        assertMessage("first-period-ms=0", "the first period must be positive, got 0 ms");
        assertMessage("min-calls=0", "the invocation threshold must be at least 1, got 0");
        assertMessage("max-mean-ms=-1", "the mean-time threshold must be a finite number of ms >= 0, got -1.0");
        assertMessage("max-mean-ms=NaN", "the mean-time threshold must be a finite number of ms >= 0, got NaN");
        assertMessage("hot-calls-per-s=-1", "the hot-call rate must be >= 0 calls/s, got -1");
        assertMessage("max-defer-ms=2.5", "method-time: max-defer-ms must be a whole number, got '2.5'");
        assertMessage("sample-ms=-6", "the sampling period must be >= 0 ms, got -6");
        assertMessage("how=off", "method-time: how must be retransform, switch or once, got 'off'");
        assertMessage("sampler=async", "method-time: sampler must be jfr or stacks, got 'async'");
        assertMessage("min-calls=", "method-time: min-calls must be a whole number, got ''");
        assertMessage("min-calls=1,min-calls=2", "method-time: option min-calls is given twice");
        String options = " is not one of its options period-ms=500,first-period-ms=100,min-calls=100,max-mean-ms=1.0,"
                + "hot-calls-per-s=10000,max-defer-ms=5000,sample-ms=10,how=switch,sampler=jfr "
                + "(key=value, comma-separated)";
        assertMessage("500,100,1.0", "method-time: '500'" + options);
        assertMessage("period=500", "method-time: 'period=500'" + options);
    }

    private static void assertMessage(String spec, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RemovalPolicy.parse(spec), spec);
        assertEquals(message, e.getMessage());
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
        s.configure("period-ms=200,min-calls=5,max-mean-ms=0.5");
        assertEquals(200, s.periodMillis());
        assertEquals(5, s.policy().minInvocations);
        assertThrows(IllegalArgumentException.class, () -> s.configure("fast"));
    }
}
