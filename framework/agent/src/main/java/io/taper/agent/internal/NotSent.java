package io.taper.agent.internal;

import io.taper.runtime.NeverWoven;

/**
 * Classes the agent never sends to the server: Taper's own (including the shaded libraries), the JDK
 * classes the bypass runs ({@link NeverWoven}), and {@code java/lang/Object}.
 *
 * <p>Why Object: a snippet woven into {@code Object.<init>} runs on every allocation, including the
 * allocation of the per-thread bypass state itself; on a thread's first {@code Bypass.enter()} that
 * recurses until the stack overflows (seen on every thread started after weaving, with an entry
 * snippet on every method). The weaver's never-woven list should carry it too; the agent keeps the
 * observed JVM safe whatever that list says.
 */
final class NotSent {

    /** The packages of the agent jar and the runtime; other io/taper classes (test programs) are woven. */
    private static final String[] TAPER = {
        "io/taper/agent/", "io/taper/runtime/", "io/taper/controller/", "io/taper/protocol/", "io/taper/analysis/",
        "io/taper/result/",
    };

    private NotSent() {
    }

    /**
     * Taper's own classes, by name alone: checked first in the transformer, before anything that could
     * load a class (NeverWoven itself is loaded through the transformer).
     */
    static boolean isTaper(String internalName) {
        if (!internalName.startsWith("io/taper/")) {
            return false;
        }
        for (String p : TAPER) {
            if (internalName.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** @param internalName e.g. {@code java/lang/String}; never null */
    static boolean matches(String internalName) {
        return isTaper(internalName) || internalName.equals("java/lang/Object") || NeverWoven.matches(internalName);
    }
}
