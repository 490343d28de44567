package io.taper.controller.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.controller.AheadWeaving;
import io.taper.controller.ClassDeployments;
import io.taper.controller.RetransformationStrategy;
import io.taper.runtime.control.ControlContext;
import io.taper.runtime.control.ControllerStrategy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The controller thread waits what the strategy's {@code delayMillis} says between steps, not its period. */
class ControlLoopScheduleTest {

    /** A period of a minute, steps 20 ms apart for the first three, then a minute apart. */
    static final class WarmUpSteps implements ControllerStrategy {
        final List<Long> asked = new CopyOnWriteArrayList<>();
        final CountDownLatch threeSteps = new CountDownLatch(3);
        volatile int steps;

        @Override
        public String name() {
            return "warm-up-steps";
        }

        @Override
        public long periodMillis() {
            return 60_000;
        }

        @Override
        public long delayMillis(long elapsedMillis) {
            asked.add(elapsedMillis);
            return steps < 3 ? 20 : periodMillis();
        }

        @Override
        public void step(ControlContext context) {
            steps++;
            threeSteps.countDown();
        }
    }

    @Test
    void theLoopWaitsTheStrategysDelayFromStepToStep() throws Exception {
        WarmUpSteps strategy = new WarmUpSteps();
        ControlLoop loop = new ControlLoop(strategy, "warm-up-steps", ClassDeployments.get(), new ResultsHolder(null),
                new LoadedClasses(() -> new Class<?>[0], c -> true, loader -> 0),
                batch -> { }, RetransformationStrategy.ONE_BATCH_PER_STEP, System.nanoTime(), "never", 0,
                AheadWeaving.NONE);
        Thread t = new Thread(loop, "control-loop-schedule-test");
        t.setDaemon(true);
        t.start();
        try {
            assertTrue(strategy.threeSteps.await(20, TimeUnit.SECONDS),
                    "three steps 20 ms apart, where the period is a minute");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (strategy.asked.size() < 4 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Thread.sleep(100);
            assertEquals(4, strategy.asked.size(), "asked once before each wait");
            assertEquals(3, strategy.steps, "after the third step the delay is the period again");
            for (int i = 1; i < strategy.asked.size(); i++) {
                assertTrue(strategy.asked.get(i) >= strategy.asked.get(i - 1) + 20,
                        "asked with the time since the start: " + strategy.asked);
            }
        } finally {
            loop.signalStop();
            t.join(5_000);
        }
        assertFalse(t.isAlive(), "the loop ends when signalled");
    }
}
