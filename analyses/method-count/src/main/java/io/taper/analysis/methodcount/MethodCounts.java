package io.taper.analysis.methodcount;

import io.taper.runtime.state.Counters;

/** The analysis state: one counter per site (one site per method body). */
final class MethodCounts {

    static final Counters COUNTERS = new Counters();

    private MethodCounts() {
    }
}
