package io.taper.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the observed JVM ended: its exit status and signal, whether it reported an {@code OutOfMemoryError}
 * ({@link ErrorStreamTee}), and its crash report, which {@code -XX:ErrorFile} puts in the work directory
 * (unless the program's own arguments say where).
 */
final class EndWatch {

    private final Path work;

    EndWatch(Path work) {
        this.work = work;
    }

    /** The options to add for this program's arguments; removes markers of an earlier run. */
    List<String> options(List<String> javaArgs) throws IOException {
        try (var files = Files.list(work)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String n = f.getFileName().toString();
                if (n.startsWith("hs_err_pid")) {
                    Files.deleteIfExists(f);
                }
            }
        }
        List<String> o = new ArrayList<>();
        if (javaArgs.stream().noneMatch(a -> a.startsWith("-XX:ErrorFile="))) {
            o.add("-XX:ErrorFile=" + work.resolve("hs_err_pid%p.log"));
        }
        return o;
    }

    /**
     * How the JVM with this pid ended: {@code exitCode}, {@code signal} (the signal that ended it),
     * {@code outOfMemory} (its stderr reported an OutOfMemoryError), {@code crashReport} (its hs_err file).
     */
    Map<String, Object> ending(long pid, int exitCode, boolean outOfMemory) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("exitCode", exitCode);
        if (exitCode > 128 && exitCode < 160) {
            m.put("signal", ProgramEnd.signalName(exitCode - 128));
        }
        m.put("outOfMemory", outOfMemory);
        Path report = work.resolve("hs_err_pid" + pid + ".log");
        if (Files.isRegularFile(report)) {
            m.put("crashReport", report.toString());
        }
        return m;
    }
}
