package io.taper.maven;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The {@code jvm-PID} directories the agent of each test JVM writes under a project's Taper directory. */
final class JvmResults {

    private JvmResults() {
    }

    /** The directories under {@code dir}, sorted; none if {@code dir} does not exist. */
    static List<Path> in(Path dir) throws IOException {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return found;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "jvm-*")) {
            for (Path p : s) {
                if (Files.isDirectory(p)) {
                    found.add(p);
                }
            }
        }
        found.sort(Comparator.naturalOrder());
        return found;
    }

    /** Removes the directories under {@code dir}: an earlier build's JVMs, which a new build's reports must not merge. */
    static void clear(Path dir) throws IOException {
        for (Path jvm : in(dir)) {
            try (Stream<Path> s = Files.walk(jvm)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
