package io.taper.analysis.methodtime;

/**
 * The adaptive policy of the paper's method-time case study: every {@code periodMillis}, the methods
 * invoked at least {@code minInvocations} times whose mean time per completed invocation is below
 * {@code maxMeanMillis} are not worth timing any more, and their entry/exit instrumentation is removed.
 *
 * <p>Two more numbers pace the removals ({@link RemovalPacing}): a cheap method called at least
 * {@code hotCallsPerSecond} times a second since the last step goes at once; a cheap method called less
 * often waits, up to {@code maxDeferMillis}, for its class to be retransformed anyway or for the next
 * round that takes all waiting methods together. {@code maxDeferMillis} 0 removes every cheap method at
 * once (the paper's policy as written).
 *
 * <p>The sixth number, {@code sampleMillis}, is the period of the {@link RemovedMethodSampler} that
 * follows the removed methods on the threads' stacks; 0 turns it off, and removed methods are then
 * estimated from their share of their callers' time at the removal ({@link InclusiveEstimate}).
 *
 * <p>The seventh part says how a method is removed: {@code switch} (the default) switches its sites off where
 * they stand ({@link io.taper.runtime.SiteSwitches}), at once and without touching its class; {@code retransform}
 * re-weaves its class without them, paced as above. A re-woven class loses its compiled code and that of every
 * method that inlined one of its methods, and on full-size Lucene the recompilation cost more than the timing
 * it saved; a switched-off site keeps a load and a compare in the woven method.
 */
final class RemovalPolicy {

    static final long DEFAULT_PERIOD_MILLIS = 500;
    static final long DEFAULT_MIN_INVOCATIONS = 100;
    static final double DEFAULT_MAX_MEAN_MILLIS = 1.0;
    static final long DEFAULT_HOT_CALLS_PER_SECOND = 10_000;
    static final long DEFAULT_MAX_DEFER_MILLIS = 5_000;
    static final long DEFAULT_SAMPLE_MILLIS = 10;
    static final String SWITCH = "switch";
    static final String RETRANSFORM = "retransform";

    final long periodMillis;
    final long minInvocations;
    final double maxMeanMillis;
    final long hotCallsPerSecond;
    final long maxDeferMillis;
    final long sampleMillis;
    /** True: removed methods' sites are switched off; false: their classes are re-woven without them. */
    final boolean switchesSites;
    private final double maxMeanNanos;

    RemovalPolicy(long periodMillis, long minInvocations, double maxMeanMillis) {
        this(periodMillis, minInvocations, maxMeanMillis, DEFAULT_HOT_CALLS_PER_SECOND, DEFAULT_MAX_DEFER_MILLIS,
                DEFAULT_SAMPLE_MILLIS);
    }

    RemovalPolicy(long periodMillis, long minInvocations, double maxMeanMillis, long hotCallsPerSecond,
            long maxDeferMillis, long sampleMillis) {
        this(periodMillis, minInvocations, maxMeanMillis, hotCallsPerSecond, maxDeferMillis, sampleMillis, true);
    }

    RemovalPolicy(long periodMillis, long minInvocations, double maxMeanMillis, long hotCallsPerSecond,
            long maxDeferMillis, long sampleMillis, boolean switchesSites) {
        if (periodMillis <= 0) {
            throw new IllegalArgumentException("the period must be positive, got " + periodMillis + " ms");
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
        this.switchesSites = switchesSites;
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

    /**
     * Parses {@code "<period ms>,<min invocations>,<max mean ms>,<hot calls/s>,<max defer ms>,<sample ms>,<switch|retransform>"}; trailing
     * parts may be left out (defaults),
     * "" is all defaults.
     *
     * @throws IllegalArgumentException for anything else
     */
    static RemovalPolicy parse(String spec) {
        String s = spec == null ? "" : spec.trim();
        if (s.isEmpty()) {
            return defaults();
        }
        String[] parts = s.split(",", -1);
        if (parts.length > 7) {
            throw new IllegalArgumentException(usage(spec));
        }
        try {
            long period = parts.length > 0 ? Long.parseLong(parts[0].trim()) : DEFAULT_PERIOD_MILLIS;
            long invocations = parts.length > 1 ? Long.parseLong(parts[1].trim()) : DEFAULT_MIN_INVOCATIONS;
            double mean = parts.length > 2 ? Double.parseDouble(parts[2].trim()) : DEFAULT_MAX_MEAN_MILLIS;
            long hot = parts.length > 3 ? Long.parseLong(parts[3].trim()) : DEFAULT_HOT_CALLS_PER_SECOND;
            long defer = parts.length > 4 ? Long.parseLong(parts[4].trim()) : DEFAULT_MAX_DEFER_MILLIS;
            long sample = parts.length > 5 ? Long.parseLong(parts[5].trim()) : DEFAULT_SAMPLE_MILLIS;
            String how = parts.length > 6 ? parts[6].trim() : SWITCH;
            if (!how.equals(SWITCH) && !how.equals(RETRANSFORM)) {
                throw new IllegalArgumentException("the removal must be '" + SWITCH + "' or '" + RETRANSFORM
                        + "', got '" + how + "' in " + usage(spec));
            }
            return new RemovalPolicy(period, invocations, mean, hot, defer, sample, how.equals(SWITCH));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(usage(spec));
        }
    }

    private static String usage(String spec) {
        return "method-time:<period ms>,<min invocations>,<max mean ms>[,<hot calls/s>,<max defer ms>,<sample ms>"
                + ",<switch|retransform>] (e.g. method-time:500,100,1.0 or method-time:500,100,1.0,10000,5000,10,switch),"
                + " got '"
                + spec + "'";
    }

    /** True if a method with these totals (completed calls, their summed nanoseconds) should lose its instrumentation. */
    boolean isCheap(long calls, long nanos) {
        return calls >= minInvocations && nanos < maxMeanNanos * calls;
    }

    @Override
    public String toString() {
        return new StringBuilder().append(periodMillis).append(',').append(minInvocations).append(',')
                .append(maxMeanMillis).append(',').append(hotCallsPerSecond).append(',').append(maxDeferMillis)
                .append(',').append(sampleMillis).append(',').append(switchesSites ? SWITCH : RETRANSFORM)
                .toString();
    }
}
