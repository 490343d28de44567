package io.taper.agent.internal;

/**
 * The agent's only output on the observed program's stderr: one line when Taper stops instrumenting.
 * Printed at most once per run, whatever fails afterwards.
 */
public final class AgentWarnings {

    private static boolean printed;

    private AgentWarnings() {
    }

    static void serverUnavailable(String reason) {
        print("[taper] WARNING: instrumentation server unavailable (" + reason + "); continuing uninstrumented");
    }

    /** The agent could not start at all (bad configuration, missing runtime jar). */
    public static void agentDisabled(String reason) {
        print("[taper] WARNING: agent disabled (" + reason + "); continuing uninstrumented");
    }

    /** Tests in one JVM need the warning again; the agent never calls this. */
    static synchronized void resetForTests() {
        printed = false;
    }

    private static synchronized void print(String line) {
        if (printed) {
            return;
        }
        printed = true;
        System.err.println(line);
        System.err.flush();
    }
}
