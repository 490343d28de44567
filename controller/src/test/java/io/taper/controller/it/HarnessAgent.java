package io.taper.controller.it;

import java.lang.instrument.Instrumentation;

/** The forked JVM's {@code -javaagent}: installs the miniature weaver and keeps the instrumentation. */
public final class HarnessAgent {

    static volatile Instrumentation instrumentation;

    private HarnessAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        instrumentation = inst;
        inst.addTransformer(new MiniWeaver(), true);
    }
}
