package io.taper.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JVM options that let the launcher tell afterwards how the observed JVM ended, without changing how it
 * runs: the JVM touches a marker file when it first throws an {@code OutOfMemoryError} of its own
 * ({@code -XX:OnOutOfMemoryError}), and writes its crash report into the work directory
 * ({@code -XX:ErrorFile}). Options the program's own arguments set are left to it.
 */
final class EndWatch {

    static final String OOM_MARKER_PREFIX = "out-of-memory-";

    private final Path work;

    EndWatch(Path work) {
        this.work = work;
    }

    /** The options to add for this program's arguments; removes markers of an earlier run. */
    List<String> options(List<String> javaArgs) throws IOException {
        try (var files = Files.list(work)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String n = f.getFileName().toString();
                if (n.startsWith(OOM_MARKER_PREFIX) || n.startsWith("hs_err_pid")) {
                    Files.deleteIfExists(f);
                }
            }
        }
        List<String> o = new ArrayList<>();
        if (javaArgs.stream().noneMatch(a -> a.startsWith("-XX:OnOutOfMemoryError="))) {
            // run by /bin/sh -c: the path is quoted; %p is the JVM's pid
            o.add("-XX:OnOutOfMemoryError=touch '" + work.resolve(OOM_MARKER_PREFIX).toString().replace("'", "'\\''")
                + "%p'");
        }
        if (javaArgs.stream().noneMatch(a -> a.startsWith("-XX:ErrorFile="))) {
            o.add("-XX:ErrorFile=" + work.resolve("hs_err_pid%p.log"));
        }
        return o;
    }

    /**
     * How the JVM with this pid ended: {@code outOfMemory} (it threw an OutOfMemoryError of its own),
     * {@code crashReport} (the path of its hs_err file), {@code signal} (the signal that ended it).
     */
    Map<String, Object> ending(long pid, int exitCode) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("exitCode", exitCode);
        if (exitCode > 128 && exitCode < 160) {
            m.put("signal", ProgramEnd.signalName(exitCode - 128));
        }
        m.put("outOfMemory", Files.exists(work.resolve(OOM_MARKER_PREFIX + pid)));
        Path report = work.resolve("hs_err_pid" + pid + ".log");
        if (Files.isRegularFile(report)) {
            m.put("crashReport", report.toString());
        }
        return m;
    }
}
