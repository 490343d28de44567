package io.taper.launcher;

import io.taper.protocol.TaperConfig;
import io.taper.weaver.PreparedJarCache;
import io.taper.weaver.SnippetPreparer;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The prepared analysis jar for the observed JVM's boot class path, made by the launcher so that the program can
 * start while the server starts (the server copies the same jar into its work directory). Kept in the woven-class
 * cache ({@link PreparedJarCache}), so a warm run does not prepare it again; with the cache off it is made in the
 * run's work directory every time.
 */
final class PreparedJars {

    private PreparedJars() {
    }

    /** @param cache the run's {@code cache} setting (a directory or {@code off}) */
    static Path forRun(Path analysisJar, String cache, Path work) throws IOException {
        if (TaperConfig.OFF.equals(cache)) {
            Path jar = work.resolve("analysis-boot.jar");
            SnippetPreparer.prepare(analysisJar, jar);
            return jar;
        }
        return PreparedJarCache.of(analysisJar, Path.of(cache));
    }
}
