package io.taper.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * What the OS says of a peer process (the agent of its server, the launcher of its server): whether it can run
 * at all. Read from Linux {@code /proc/PID/stat}; elsewhere nothing can be told and callers wait as usual.
 */
public final class ProcessStates {

    /** Nothing can be told (no {@code /proc}, or an unreadable entry). */
    public static final char UNKNOWN = 0;
    /** The process is gone (no entry, or a zombie). */
    public static final char GONE = 'X';

    private ProcessStates() {
    }

    /** The process's state letter ({@code R}, {@code S}, {@code T}, ...), {@link #GONE} or {@link #UNKNOWN}. */
    public static char of(long pid) {
        if (pid <= 0) {
            return UNKNOWN;
        }
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (NoSuchFileException e) {
            return Files.isDirectory(Path.of("/proc/self")) ? GONE : UNKNOWN;
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
        int close = stat.lastIndexOf(')');       // the command name may hold spaces and parentheses
        if (close < 0 || close + 2 >= stat.length()) {
            return UNKNOWN;
        }
        char state = stat.charAt(close + 2);
        return state == 'Z' ? GONE : state;
    }

    /** True for a process stopped by a signal or a debugger: it cannot answer until continued. */
    public static boolean isStopped(char state) {
        return state == 'T' || state == 't';
    }
}
