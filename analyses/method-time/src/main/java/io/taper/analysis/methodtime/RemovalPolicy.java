package io.taper.analysis.methodtime;

import io.taper.runtime.control.StrategyOptions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The adaptive policy of the paper's method-time case study, the options of {@code method-time:...} (in brackets
 * below): at every step ({@code periodMillis} apart, {@code period-ms}, once the run is under way; closer at its
 * start, from {@code firstPeriodMillis}, {@code first-period-ms}: {@link #delayMillis}), the methods
 * invoked at least {@code minInvocations} ({@code min-calls}) times whose mean time per completed
 * invocation is below {@code maxMeanMillis} ({@code max-mean-ms}) are not worth timing any more, and their entry/exit instrumentation is removed.
 *
 * <p>Two more numbers pace the removals ({@link RemovalPacing}): a cheap method called at least
 * {@code hotCallsPerSecond} ({@code hot-calls-per-s}) times a second since the last step goes at once; a cheap method called less
 * often waits, up to {@code maxDeferMillis} ({@code max-defer-ms}), for its class to be retransformed anyway or for the next
 * round that takes all waiting methods together. {@code maxDeferMillis} 0 removes every cheap method at
 * once (the paper's policy as written).
 *
 * <p>{@code sampleMillis} ({@code sample-ms}) is the period of the {@link RemovedMethodSampler} that
 * follows the removed methods on the threads' stacks; 0 turns it off, and removed methods are then
 * estimated from their share of their callers' time at the removal ({@link InclusiveEstimate}).
 *
 * <p>{@code sampler} says what takes those samples ({@link Sampler}): {@code jfr}, the Flight Recorder's
 * execution samples ({@link JfrMethodSampler}; stack sampling where this JVM has no recorder), or {@code stacks},
 * {@code Thread.getStackTrace} at safepoints ({@link RemovedMethodSampler}).
 *
 * <p>{@code how} says how a method is removed ({@link How}): {@code retransform} re-weaves its class
 * without its sites, paced as above; {@code switch} switches its sites off where they stand
 * ({@link io.taper.runtime.SiteSwitches}), at once and without touching its class; {@code once} re-weaves a
 * class at its first removal, paced, and switches off the methods that turn cheap after that. A re-woven class
 * loses its compiled code and that of every method that inlined one of its methods, and the JDK's most-inlined
 * classes turn cheap a few methods at a time, so re-weaving at every removal recompiles them again and again. A switched-off site leaves its checks and its exception handler in the woven method, which the JIT
 * then compiles and inlines as the bigger method it is.
 */
final class RemovalPolicy {

    static final long DEFAULT_PERIOD_MILLIS = 500;
    static final long DEFAULT_FIRST_PERIOD_MILLIS = 100;
    static final long DEFAULT_MIN_INVOCATIONS = 100;
    static final double DEFAULT_MAX_MEAN_MILLIS = 1.0;
    static final long DEFAULT_HOT_CALLS_PER_SECOND = 10_000;
    static final long DEFAULT_MAX_DEFER_MILLIS = 5_000;
    static final long DEFAULT_SAMPLE_MILLIS = 10;

    /** How a removed method loses its instrumentation. */
    enum How {
        /** Its class is re-woven without its sites. */
        RETRANSFORM("retransform"),
        /** Its sites are switched off where they stand. */
        SWITCH("switch"),
        /** Re-woven if its class was not re-woven yet by a removal, else switched off. */
        ONCE("once");

        final String spec;

        How(String spec) {
            this.spec = spec;
        }

        static How parse(String s) {
            for (How h : values()) {
                if (h.spec.equals(s)) {
                    return h;
                }
            }
            return null;
        }
    }

    static final How DEFAULT_HOW = How.SWITCH;

    /** What follows the removed methods on the threads' stacks. */
    enum Sampler {
        /** The Flight Recorder's execution samples, taken wherever a thread is. */
        JFR("jfr"),
        /** Stacks taken at safepoints. */
        STACKS("stacks");

        final String spec;

        Sampler(String spec) {
            this.spec = spec;
        }

        static Sampler parse(String s) {
            for (Sampler k : values()) {
                if (k.spec.equals(s)) {
                    return k;
                }
            }
            return null;
        }
    }

    static final Sampler DEFAULT_SAMPLER = Sampler.JFR;

    final long periodMillis;
    final long firstPeriodMillis;
    final long minInvocations;
    final double maxMeanMillis;
    final long hotCallsPerSecond;
    final long maxDeferMillis;
    final long sampleMillis;
    final How how;
    final Sampler sampler;
    private final double maxMeanNanos;

    RemovalPolicy(long periodMillis, long minInvocations, double maxMeanMillis) {
        this(periodMillis, minInvocations, maxMeanMillis, DEFAULT_HOT_CALLS_PER_SECOND, DEFAULT_MAX_DEFER_MILLIS,
                DEFAULT_SAMPLE_MILLIS);
    }

    RemovalPolicy(long periodMillis, long minInvocations, double maxMeanMillis, long hotCallsPerSecond,
            long maxDeferMillis, long sampleMillis) {
        this(periodMillis, DEFAULT_FIRST_PERIOD_MILLIS, minInvocations, maxMeanMillis, hotCallsPerSecond,
                maxDeferMillis, sampleMillis, DEFAULT_HOW, DEFAULT_SAMPLER);
    }

    RemovalPolicy(long periodMillis, long firstPeriodMillis, long minInvocations, double maxMeanMillis,
            long hotCallsPerSecond, long maxDeferMillis, long sampleMillis, How how, Sampler sampler) {
        if (periodMillis <= 0) {
            throw new IllegalArgumentException("the period must be positive, got " + periodMillis + " ms");
        }
        if (firstPeriodMillis <= 0) {
            throw new IllegalArgumentException("the first period must be positive, got " + firstPeriodMillis + " ms");
        }
        if (minInvocations < 1) {
            throw new IllegalArgumentException("the invocation threshold must be at least 1, got " + minInvocations);
        }
        if (!(maxMeanMillis >= 0) || Double.isInfinite(maxMeanMillis)) {
            throw new IllegalArgumentException("the mean-time threshold must be a finite number of ms >= 0, got "
                    + maxMeanMillis);
        }
        if (hotCallsPerSecond < 0) {
            throw new IllegalArgumentException("the hot-call rate must be >= 0 calls/s, got " + hotCallsPerSecond);
        }
        if (maxDeferMillis < 0) {
            throw new IllegalArgumentException("the longest deferral must be >= 0 ms, got " + maxDeferMillis);
        }
        if (sampleMillis < 0) {
            throw new IllegalArgumentException("the sampling period must be >= 0 ms, got " + sampleMillis);
        }
        this.periodMillis = periodMillis;
        this.firstPeriodMillis = firstPeriodMillis;
        this.how = how;
        this.sampler = sampler;
        this.sampleMillis = sampleMillis;
        this.hotCallsPerSecond = hotCallsPerSecond;
        this.maxDeferMillis = maxDeferMillis;
        this.minInvocations = minInvocations;
        this.maxMeanMillis = maxMeanMillis;
        this.maxMeanNanos = maxMeanMillis * 1_000_000.0;
    }

    static RemovalPolicy defaults() {
        return new RemovalPolicy(DEFAULT_PERIOD_MILLIS, DEFAULT_MIN_INVOCATIONS, DEFAULT_MAX_MEAN_MILLIS,
                DEFAULT_HOT_CALLS_PER_SECOND, DEFAULT_MAX_DEFER_MILLIS, DEFAULT_SAMPLE_MILLIS);
    }

    static final String PERIOD = "period-ms";
    static final String FIRST_PERIOD = "first-period-ms";
    static final String MIN_CALLS = "min-calls";
    static final String MAX_MEAN = "max-mean-ms";
    static final String HOT_CALLS = "hot-calls-per-s";
    static final String MAX_DEFER = "max-defer-ms";
    static final String SAMPLE = "sample-ms";
    static final String HOW = "how";
    static final String SAMPLER = "sampler";

    /** The options and their defaults, in the order {@code --help} and error messages list them. */
    static Map<String, String> defaultOptions() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(PERIOD, Long.toString(DEFAULT_PERIOD_MILLIS));
        d.put(FIRST_PERIOD, Long.toString(DEFAULT_FIRST_PERIOD_MILLIS));
        d.put(MIN_CALLS, Long.toString(DEFAULT_MIN_INVOCATIONS));
        d.put(MAX_MEAN, Double.toString(DEFAULT_MAX_MEAN_MILLIS));
        d.put(HOT_CALLS, Long.toString(DEFAULT_HOT_CALLS_PER_SECOND));
        d.put(MAX_DEFER, Long.toString(DEFAULT_MAX_DEFER_MILLIS));
        d.put(SAMPLE, Long.toString(DEFAULT_SAMPLE_MILLIS));
        d.put(HOW, DEFAULT_HOW.spec);
        d.put(SAMPLER, DEFAULT_SAMPLER.spec);
        return d;
    }

    /**
     * Parses the strategy's options ({@link StrategyOptions}: {@code period-ms=500,min-calls=100,...}); left-out
     * options take their defaults, "" is all defaults.
     *
     * @throws IllegalArgumentException for an unknown option or a value out of range, naming it
     */
    static RemovalPolicy parse(String spec) {
        StrategyOptions o = StrategyOptions.parse(MethodTimeStrategy.NAME, spec, defaultOptions());
        How how = How.parse(o.text(HOW));
        if (how == null) {
            throw new IllegalArgumentException(MethodTimeStrategy.NAME + ": how must be retransform, switch or once, got '"
                    + o.text(HOW) + "'");
        }
        Sampler sampler = Sampler.parse(o.text(SAMPLER));
        if (sampler == null) {
            throw new IllegalArgumentException(MethodTimeStrategy.NAME + ": sampler must be jfr or stacks, got '"
                    + o.text(SAMPLER) + "'");
        }
        return new RemovalPolicy(o.whole(PERIOD), o.whole(FIRST_PERIOD), o.whole(MIN_CALLS), o.number(MAX_MEAN),
                o.whole(HOT_CALLS), o.whole(MAX_DEFER), o.whole(SAMPLE), how, sampler);
    }

    /**
     * Milliseconds from a step at {@code elapsedMillis} into the run to the next: {@code firstPeriodMillis} at the
     * start, then a quarter of the time elapsed, up to {@code periodMillis}. Early in a run the JIT is compiling the
     * program's hot methods; one that turns cheap before C2 compiles it is compiled once, without its timing (a
     * switched-off site folds away), instead of being compiled timed, run timed until the next step, and compiled
     * again. Later, steps at the full period keep the controller's own work small.
     */
    long delayMillis(long elapsedMillis) {
        return Math.min(periodMillis, Math.max(firstPeriodMillis, Math.max(0, elapsedMillis) / 4));
    }

    /** True if a method with these totals (completed calls, their summed nanoseconds) should lose its instrumentation. */
    boolean isCheap(long calls, long nanos) {
        return calls >= minInvocations && nanos < maxMeanNanos * calls;
    }

    @Override
    public String toString() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(PERIOD, Long.toString(periodMillis));
        m.put(FIRST_PERIOD, Long.toString(firstPeriodMillis));
        m.put(MIN_CALLS, Long.toString(minInvocations));
        m.put(MAX_MEAN, Double.toString(maxMeanMillis));
        m.put(HOT_CALLS, Long.toString(hotCallsPerSecond));
        m.put(MAX_DEFER, Long.toString(maxDeferMillis));
        m.put(SAMPLE, Long.toString(sampleMillis));
        m.put(HOW, how.spec);
        m.put(SAMPLER, sampler.spec);
        return StrategyOptions.describe(m);
    }
}
