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
            List<String> gist = crashGist(report);
            if (!gist.isEmpty()) {
                m.put("crashGist", gist);
            }
        }
        return m;
    }

    /** Lines of a JVM crash report that say where it crashed. */
    static final int GIST_STACK_LINES = 12;

    /**
     * The lines of an hs_err report that say where the JVM crashed: the signal, the problematic frame, the
     * current thread, and the top of its stack. Empty if the file cannot be read.
     */
    static List<String> crashGist(Path report) {
        List<String> lines;
        try {
            lines = Files.readAllLines(report, java.nio.charset.StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return List.of();
        }
        List<String> gist = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("#  SIGSEGV") || l.startsWith("#  SIGBUS") || l.startsWith("#  Internal Error")
                    || l.startsWith("# Problematic frame:") || l.startsWith("Current thread")) {
                gist.add(l.strip());
                if (l.startsWith("# Problematic frame:") && i + 1 < lines.size()) {
                    gist.add(lines.get(i + 1).strip());
                }
            } else if (l.startsWith("Native frames:") || l.startsWith("Java frames:")) {
                for (int j = i; j < Math.min(lines.size(), i + 1 + GIST_STACK_LINES) && !lines.get(j).isBlank(); j++) {
                    gist.add(lines.get(j).strip());
                }
                break;
            }
        }
        return gist;
    }
}
