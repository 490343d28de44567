package io.taper.controller.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.controller.AheadWeaving;
import io.taper.controller.RetransformationStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The splitting logic against a JVM stand-in that, like HotSpot, rejects a whole call when one class in
 * it is bad. The real {@code retransformClasses} is exercised in {@code ForkedRetransformationTest}.
 */
class RetransformerTest {

    private final List<List<Class<?>>> calls = new ArrayList<>();

    private Retransformer.Operation rejecting(Class<?> bad) {
        return classes -> {
            calls.add(Arrays.asList(classes));
            for (Class<?> c : classes) {
                if (c == bad) {
                    throw new ClassFormatError("bad " + c.getSimpleName());
                }
            }
        };
    }

    @Test
    void aFailedBatchIsSplitUntilTheBadClassIsAlone() {
        RetransformationStats stats = new RetransformationStats(System.nanoTime());
        Retransformer r = new Retransformer(rejecting(Long.class), null, RetransformationStrategy.ONE_BATCH_PER_STEP, stats);
        List<Class<?>> failed = r.retransform(List.of(String.class, Integer.class, Long.class, Short.class));
        assertEquals(List.of(Long.class), failed);
        assertEquals(List.of(
                List.of(String.class, Integer.class, Long.class, Short.class),   // fails
                List.of(String.class, Integer.class),                             // ok
                List.of(Long.class, Short.class),                                 // fails
                List.of(Long.class),                                              // fails alone
                List.of(Short.class)), calls);                                    // ok
        Map<String, Object> m = stats.toMap();
        assertEquals(5L, m.get("batches"));
        assertEquals(3L, m.get("failedBatches"));
        assertEquals(3L, m.get("classesRetransformed"));
        assertEquals(1L, m.get("retransformFailures"));
        assertEquals(List.of("java.lang.Long: java.lang.ClassFormatError: bad Long"), m.get("failedClasses"));
        assertEquals(5, ((List<?>) m.get("batchLog")).size());
    }

    @Test
    void withoutSplittingTheWholeBatchFails() {
        RetransformationStats stats = new RetransformationStats(System.nanoTime());
        Retransformer r = new Retransformer(rejecting(Long.class), null, new RetransformationStrategy(2, false), stats);
        List<Class<?>> failed = r.retransform(List.of(String.class, Long.class, Short.class));
        assertEquals(List.of(String.class, Long.class), failed);
        assertEquals(2, calls.size());
        assertEquals(1L, stats.toMap().get("classesRetransformed"));
        assertEquals(2L, stats.toMap().get("retransformFailures"));
    }

    @Test
    void theWeavingPartOfEachCallIsReadFromTheClock() {
        RetransformationStats stats = new RetransformationStats(System.nanoTime());
        long[] clock = {0};
        Retransformer r = new Retransformer(classes -> clock[0] += 3_000_000L * classes.length, () -> clock[0],
                RetransformationStrategy.batchesOf(2), stats);
        r.retransform(List.of(String.class, Integer.class, Long.class));
        assertEquals(9.0, stats.toMap().get("weaveMillis"));
        List<?> log = (List<?>) stats.toMap().get("batchLog");
        assertEquals(6.0, ((Map<?, ?>) log.get(0)).get("weaveMillis"));
        assertEquals(3.0, ((Map<?, ?>) log.get(1)).get("weaveMillis"));
    }

    @Test
    void eachBatchIsWovenAheadOutsideItsPauseAndWhatItsCallTookIsCounted() {
        RetransformationStats stats = new RetransformationStats(System.nanoTime());
        List<String> order = new ArrayList<>();
        long[] clock = {0};
        AheadWeaving ahead = new AheadWeaving() {
            private List<Class<?>> ready = List.of();

            @Override
            public int prepare(List<Class<?>> classes) {
                order.add("prepare " + classes.size());
                ready = classes.subList(0, 1);   // the server had the bytes of the first class only
                return ready.size();
            }

            @Override
            public int finish() {
                order.add("finish");
                return ready.size();
            }
        };
        long[] stopped = {100};
        Retransformer r = new Retransformer(classes -> {
            order.add("call " + classes.length);
            clock[0] += 3_000_000L * (classes.length - 1);   // a round trip for each class not ready
            stopped[0] += 4 * classes.length;                 // the redefinition's safepoint
        }, () -> clock[0], RetransformationStrategy.batchesOf(2), stats, () -> { }, ahead, () -> stopped[0]);
        assertEquals(List.of(), r.retransform(List.of(String.class, Integer.class, Long.class)));
        assertEquals(List.of("prepare 2", "call 2", "finish", "prepare 1", "call 1", "finish"), order);
        Map<String, Object> m = stats.toMap();
        assertEquals(Map.of("classes", 3L, "ready", 2L, "used", 2L, "millis", ((Map<?, ?>) m.get("ahead")).get("millis")),
            m.get("ahead"));
        assertEquals(3.0, m.get("weaveMillis"));
        assertEquals(12L, m.get("stoppedMillis"));
        assertEquals(Map.of("median", 6.0, "max", 8.0), m.get("stoppedMillisPerBatch"));
    }

    @Test
    void callsAtOnceReportNoStopOfTheirOwn() {
        RetransformationStats stats = new RetransformationStats(System.nanoTime());
        java.util.concurrent.atomic.AtomicLong stopped = new java.util.concurrent.atomic.AtomicLong();
        Retransformer r = new Retransformer(classes -> stopped.addAndGet(5), null,
            RetransformationStrategy.ONE_BATCH_PER_STEP, stats, () -> { }, AheadWeaving.NONE, stopped::get);
        r.retransform(List.of(String.class, Integer.class, Long.class, Short.class, Byte.class, Character.class,
            Boolean.class, Double.class));
        Map<String, Object> m = stats.toMap();
        assertEquals(2L, m.get("batches"), "two parts at once");
        assertEquals(null, m.get("stoppedMillis"), "their safepoints cannot be told apart");
        r.retransform(List.of(String.class));
        assertEquals(5L, stats.toMap().get("stoppedMillis"), "a call alone reports its stop");
    }

    @Test
    void aFailingAheadWeavingLeavesTheCallsToTheirRoundTrips() {
        RetransformationStats stats = new RetransformationStats(System.nanoTime());
        AheadWeaving broken = new AheadWeaving() {
            @Override
            public int prepare(List<Class<?>> classes) {
                throw new IllegalStateException("no server");
            }

            @Override
            public int finish() {
                throw new IllegalStateException("no server");
            }
        };
        Retransformer r = new Retransformer(rejecting(Long.class), null, RetransformationStrategy.ONE_BATCH_PER_STEP,
            stats, () -> { }, broken);
        assertEquals(List.of(Long.class), r.retransform(List.of(String.class, Long.class)));
        assertEquals(1L, stats.toMap().get("classesRetransformed"));
        assertEquals(0L, ((Map<?, ?>) stats.toMap().get("ahead")).get("ready"));
    }

    @Test
    void pauseStatisticsSummariseTheBatches() {
        RetransformationStats stats = new RetransformationStats(0);
        stats.onBatch(List.of(String.class), 2_000_000, 1_500_000, 3);
        stats.onBatch(List.of(String.class, Long.class, Short.class), 8_000_000, 6_000_000, 9);
        stats.onBatch(List.of(String.class, Long.class), 4_000_000, 0, -1);
        Map<String, Object> m = stats.toMap();
        assertEquals(14.0, m.get("pauseMillis"));
        assertEquals(7.5, m.get("weaveMillis"));
        assertEquals(Map.of("median", 4.0, "max", 8.0), m.get("pauseMillisPerBatch"));
        assertEquals(Map.of("median", 2.0, "max", 3.0), m.get("classesPerBatch"));
        assertEquals(12L, m.get("stoppedMillis"), "the batches whose stop was measured");
        assertEquals(Map.of("median", 6.0, "max", 9.0), m.get("stoppedMillisPerBatch"));
    }
    @Test
    void aLargeBatchIsRetransformedInPartsAtOnceAndAFailingPartIsStillSplit() throws Exception {
        RetransformationStats stats = new RetransformationStats(System.nanoTime());
        List<Class<?>> classes = List.of(String.class, Integer.class, Long.class, Short.class, Byte.class,
                Character.class, Boolean.class, Double.class, Float.class, Void.class);
        java.util.concurrent.CountDownLatch bothIn = new java.util.concurrent.CountDownLatch(2);
        List<String> threads = java.util.Collections.synchronizedList(new ArrayList<>());
        List<String> setUp = java.util.Collections.synchronizedList(new ArrayList<>());
        Retransformer.Operation op = batch -> {
            threads.add(Thread.currentThread().getName());
            if (batch.length == 5) {
                bothIn.countDown();
                // both parts are in a call at the same time, or this times out and the test fails below
                bothIn.await(10, java.util.concurrent.TimeUnit.SECONDS);
            }
            if (Arrays.asList(batch).contains(Float.class)) {
                throw new ClassFormatError("bad Float");
            }
        };
        Retransformer r = new Retransformer(op, null, RetransformationStrategy.ONE_BATCH_PER_STEP, stats,
                () -> setUp.add(Thread.currentThread().getName()));
        List<Class<?>> failed = r.retransform(classes);
        assertEquals(0, bothIn.getCount(), "the two parts ran at once");
        assertEquals(List.of(Float.class), failed);
        assertEquals(List.of("taper-retransform-1"), setUp);
        assertEquals(Thread.currentThread().getName(), threads.get(0).equals("taper-retransform-1")
                ? threads.get(1) : threads.get(0));
        Map<String, Object> m = stats.toMap();
        // parts of 5 and 5; the second fails and is split: 5 -> 2 + 3 -> (1 + 2) -> 1 + 1
        assertEquals(9L, m.get("classesRetransformed"));
        assertEquals(1L, m.get("retransformFailures"));
    }

    @Test
    void partsRunAtOnceInPhaseOnlyWhenNoneHoldsASupertypeOfAnothersClass() {
        List<String> calls = java.util.Collections.synchronizedList(new ArrayList<>());
        Retransformer.Operation op = new Retransformer.Operation() {
            @Override
            public void retransform(Class<?>[] classes) {
                calls.add("exclusive " + classes.length);
            }

            @Override
            public void retransformInPhase(Class<?>[] classes) {
                calls.add("inPhase " + classes.length);
            }
        };
        RetransformationStats stats = new RetransformationStats(System.nanoTime());
        Retransformer r = new Retransformer(op, null, RetransformationStrategy.ONE_BATCH_PER_STEP, stats);
        // parts [String, Integer, Long, Short] and [Byte, Character, Boolean, Double]: unrelated
        r.retransform(List.of(String.class, Integer.class, Long.class, Short.class, Byte.class, Character.class,
                Boolean.class, Double.class));
        assertEquals(List.of("inPhase 4", "inPhase 4"), calls.stream().sorted().toList());
        calls.clear();
        // Number, in the first part, is the superclass of Double, in the second: one call alone
        r.retransform(List.of(String.class, Integer.class, Long.class, Number.class, Byte.class, Character.class,
                Boolean.class, Double.class));
        assertEquals(List.of("exclusive 8"), calls);
        assertEquals(3L, stats.toMap().get("batches"));
    }

    @Test
    void onlyBatchesOfTwoPartsOfFourOrMoreAreCut() {
        RetransformationStrategy s = RetransformationStrategy.ONE_BATCH_PER_STEP;
        assertEquals(1, s.parts(List.of(String.class, Long.class, Short.class, Byte.class, Integer.class,
                Character.class, Boolean.class)).size());
        assertEquals(List.of(List.of(String.class, Long.class, Short.class, Byte.class),
                List.of(Integer.class, Character.class, Boolean.class, Double.class, Float.class)),
                s.parts(List.of(String.class, Long.class, Short.class, Byte.class, Integer.class, Character.class,
                        Boolean.class, Double.class, Float.class)));
        assertEquals(1, new RetransformationStrategy(0, true).parts(List.of(String.class, Long.class, Short.class,
                Byte.class, Integer.class, Character.class, Boolean.class, Double.class)).size());
    }
}
