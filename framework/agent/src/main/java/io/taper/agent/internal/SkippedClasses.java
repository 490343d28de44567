package io.taper.agent.internal;

import java.util.List;

/**
 * The classes the analysis says it never transforms ({@code classes.skip}): the agent keeps them to itself, so
 * they cost neither a round trip to the server nor a place in the start-up retransformation.
 */
final class SkippedClasses {

    static final String BOOTSTRAP = io.taper.protocol.TaperConfig.SKIP_BOOTSTRAP;

    private final boolean bootstrap;
    private final String[] prefixes;

    private SkippedClasses(boolean bootstrap, String[] prefixes) {
        this.bootstrap = bootstrap;
        this.prefixes = prefixes;
    }

    /** @param entries {@code bootstrap} and package prefixes in internal form ({@code java/}) */
    static SkippedClasses of(List<String> entries) {
        // a loop, not a stream: this runs in premain, where a lambda would bootstrap java.lang.invoke
        boolean boot = false;
        List<String> prefixes = new java.util.ArrayList<>();
        for (String e : entries) {
            if (e.equals(BOOTSTRAP)) {
                boot = true;
            } else {
                prefixes.add(e);
            }
        }
        return new SkippedClasses(boot, prefixes.toArray(new String[0]));
    }

    static final SkippedClasses NONE = new SkippedClasses(false, new String[0]);

    /** @param loader the defining loader, null for the bootstrap loader */
    boolean skips(ClassLoader loader, String internalName) {
        if (bootstrap && loader == null) {
            return true;
        }
        for (String p : prefixes) {
            if (internalName.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
