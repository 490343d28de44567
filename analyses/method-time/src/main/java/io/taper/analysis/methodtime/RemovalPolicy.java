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
 * <p>The seventh part says how a method is removed ({@link How}): {@code retransform} re-weaves its class
 * without its sites, paced as above; {@code switch} switches its sites off where they stand
 * ({@link io.taper.runtime.SiteSwitches}), at once and without touching its class; {@code once} re-weaves a
 * class at its first removal, paced, and switches off the methods that turn cheap after that. A re-woven class
 * loses its compiled code and that of every method that inlined one of its methods: on full-size Lucene the
 * JDK's most-inlined classes were re-woven up to 12 times each, and the recompilation cost more than the timing
 * it saved. A switched-off site leaves its checks and its exception handler in the woven method, which the JIT
 * then compiles and inlines as the bigger method it is.
 */
final class RemovalPolicy {

    static final long DEFAULT_PERIOD_MILLIS = 500;
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

    static final How DEFAULT_HOW = How.ONCE;

    final long periodMillis;
    final long minInvocations;
    final double maxMeanMillis;
    final long hotCallsPerSecond;
    final long maxDeferMillis;
    final long sampleMillis;
    final How how;
    private final double maxMeanNanos;

    RemovalPolicy(long periodMillis, long minInvocations, double maxMeanMillis) {
        this(periodMillis, minInvocations, maxMeanMillis, DEFAULT_HOT_CALLS_PER_SECOND, DEFAULT_MAX_DEFER_MILLIS,
                DEFAULT_SAMPLE_MILLIS);
    }

    RemovalPolicy(long periodMillis, long minInvocations, double maxMeanMillis, long hotCallsPerSecond,
            long maxDeferMillis, long sampleMillis) {
        this(periodMillis, minInvocations, maxMeanMillis, hotCallsPerSecond, maxDeferMillis, sampleMillis, DEFAULT_HOW);
    }

    RemovalPolicy(long periodMillis, long minInvocations, double maxMeanMillis, long hotCallsPerSecond,
            long maxDeferMillis, long sampleMillis, How how) {
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
        this.how = how;
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
     * Parses {@code "<period ms>,<min invocations>,<max mean ms>,<hot calls/s>,<max defer ms>,<sample ms>,<retransform|switch|once>"}; trailing
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
            How how = parts.length > 6 ? How.parse(parts[6].trim()) : DEFAULT_HOW;
            if (how == null) {
                throw new IllegalArgumentException("the removal must be retransform, switch or once, got '"
                        + parts[6].trim() + "' in " + usage(spec));
            }
            return new RemovalPolicy(period, invocations, mean, hot, defer, sample, how);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(usage(spec));
        }
    }

    private static String usage(String spec) {
        return "method-time:<period ms>,<min invocations>,<max mean ms>[,<hot calls/s>,<max defer ms>,<sample ms>"
                + ",<retransform|switch|once>] (e.g. method-time:500,100,1.0 or method-time:500,100,1.0,10000,5000,10,once),"
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
                .append(',').append(sampleMillis).append(',').append(how.spec)
                .toString();
    }
}
