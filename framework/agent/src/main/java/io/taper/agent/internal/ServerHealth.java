package io.taper.agent.internal;

import io.taper.protocol.ProcessStates;

/** Whether the server's process can answer at all, from what the OS says of it ({@link ProcessStates}). */
final class ServerHealth {

    private ServerHealth() {
    }

    /** Null if the process runs (or nothing can be told), else why it cannot answer. */
    static String notRunning(long pid) {
        char state = ProcessStates.of(pid);
        if (ProcessStates.isStopped(state)) {
            return "the server process (pid " + pid + ") is stopped";
        }
        if (state == ProcessStates.GONE) {
            return "the server process (pid " + pid + ") is gone";
        }
        return null;
    }
}
