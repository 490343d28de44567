package io.taper.weaver.fork;

import java.lang.instrument.Instrumentation;

/** Test-only java agent: hands the Instrumentation to {@link RetransformRunner}. */
public final class TestAgent {

    static volatile Instrumentation instrumentation;

    public static void premain(String args, Instrumentation inst) {
        instrumentation = inst;
    }

    private TestAgent() {
    }
}
