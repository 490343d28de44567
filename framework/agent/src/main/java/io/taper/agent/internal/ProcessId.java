package io.taper.agent.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's id, for the server's log. Read from {@code /proc/self} rather than
 * {@code ProcessHandle.current()}, whose initialisation starts an executor and bootstraps lambdas
 * (dozens of classes at premain, each one more to retransform).
 */
final class ProcessId {

    private ProcessId() {
    }

    /** The pid, or -1 where {@code /proc/self} does not exist. */
    static long current() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/self")).toString());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
