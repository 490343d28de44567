package io.taper.launcher;

import io.taper.result.Mode;
import io.taper.result.StartupPass;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything {@code ./taper run} was told, validated by picocli ({@code startupPass} null: the analysis's own;
 * {@code sharedServer} null: a server of the run's own, else the shared server's directory).
 */
public record RunOptions(String analysis, Mode mode, String controller, List<Path> controllerPath,
                         Path out, Path dump, Path jfr, Path java, Path serverJava, int serverStartTimeoutSeconds,
                         int requestTimeoutMillis, boolean quiet, boolean bootShadows, boolean audit,
                         long snapshotIntervalMillis, String maxState, String reweave, List<Path> sources, List<Path> classes,
                         boolean reports, String cache, List<String> analysisOptions, String view,
                         StartupPass startupPass, Path sharedServer, List<String> javaArgs) {
}
