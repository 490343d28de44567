package io.taper.launcher;

import java.util.Map;

/** Says how the observed program ended when that explains missing or partial results. */
final class ProgramEnd {

    private static final Map<Integer, String> SIGNALS = Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT", 6, "SIGABRT",
        9, "SIGKILL", 11, "SIGSEGV", 15, "SIGTERM");

    private ProgramEnd() {
    }

    /**
     * @param exitCode          the observed JVM's exit status (a number, as result.json holds it)
     * @param agentResultMissing whether the agent wrote no results
     * @return a sentence, or null when the program ended normally with its results
     */
    static String describe(Object exitCode, boolean agentResultMissing) {
        int code = exitCode instanceof Number n ? n.intValue() : 0;
        String signal = code > 128 && code < 160 ? signalName(code - 128) : null;
        if (signal == null && !agentResultMissing) {
            return null;
        }
        StringBuilder b = new StringBuilder("the program ");
        b.append(signal != null ? "was killed by " + signal + " (exit status " + code + ")" : "exited with status " + code);
        if (agentResultMissing) {
            b.append("; the agent wrote no results (the JVM ended without running its shutdown hooks), so there are no rows");
        }
        return b.toString();
    }

    static String signalName(int signal) {
        String name = SIGNALS.get(signal);
        return name == null ? "signal " + signal : name + " (signal " + signal + ")";
    }
}
