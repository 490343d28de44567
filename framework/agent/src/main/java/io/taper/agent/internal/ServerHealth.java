package io.taper.agent.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether the server's process can answer at all, from what the OS says of it (Linux {@code /proc}). */
final class ServerHealth {

    private ServerHealth() {
    }

    /** Null if the process runs (or nothing can be told), else why it cannot answer. */
    static String notRunning(long pid) {
        if (pid <= 0) {
            return null;
        }
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (java.nio.file.NoSuchFileException e) {
            return Files.isDirectory(Path.of("/proc/self")) ? "the server process (pid " + pid + ") is gone" : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
        int close = stat.lastIndexOf(')');       // the command name may hold spaces and parentheses
        if (close < 0 || close + 2 >= stat.length()) {
            return null;
        }
        char state = stat.charAt(close + 2);
        if (state == 'T' || state == 't') {
            return "the server process (pid " + pid + ") is stopped";
        }
        if (state == 'Z' || state == 'X') {
            return "the server process (pid " + pid + ") is gone";
        }
        return null;
    }
}
