package io.taper.server.internal;

import java.nio.file.Path;

/**
 * The analysis as the server serves it: the engine that weaves it, the prepared jar the agent appends
 * to the boot class path, and the results class the agent reads at the end (both sent in HELLO_OK).
 */
public record PreparedAnalysis(WeaveHandler engine, Path preparedJar, String resultsClass) {
}
