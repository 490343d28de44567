package io.taper.runtime;

/**
 * Classes that are never woven, whatever the analysis scope says: Taper's own code, the JDK classes
 * that {@link Bypass} itself runs (weaving them would recurse into snippets from inside the bypass check),
 * and the JDK's dispatcher of class-load events to agents.
 */
public final class NeverWoven {

    private static final String[] PREFIXES = {
        // Taper's own code (and the agent's shaded libraries). Not all of io/taper/: the tests' observed
        // fixture programs live there too, and must be woven like any program.
        "io/taper/runtime/",
        "io/taper/agent/",
        "io/taper/controller/",
        "io/taper/protocol/",
        "io/taper/analysis/",
        "io/taper/result/",
        "java/lang/Thread",          // Thread, ThreadLocal, ThreadLocal$ThreadLocalMap, ...
        "java/lang/ref/",
        "jdk/internal/misc/CarrierThreadLocal",
        "jdk/internal/misc/TerminatingThreadLocal",
        "java/lang/VirtualThread",
        "sun/misc/Unsafe",           // IndexedThreadLocal reads thread ids through it, inside the bypass check
        // The JVM's dispatcher of class-load events to agents: it runs for every class Taper itself loads,
        // before the agent can enter the bypass, and exists in the program only because of the agent.
        "sun/instrument/",
    };

    private NeverWoven() {
    }

    /** @param internalName a class name in internal form ({@code java/lang/String}); null is never woven */
    public static boolean matches(String internalName) {
        if (internalName == null) {
            return true;
        }
        for (String p : PREFIXES) {
            if (internalName.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
