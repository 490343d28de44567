package io.taper.analysis.methodtime;

/**
 * The Flight Recorder's own threads ({@code JFR Periodic Tasks}, {@code JFR Shutdown Hook}, ...) when Taper started
 * the recorder ({@link JfrMethodSampler}): they run JDK code that the program never asked for, so they get no
 * profile in the results, as Taper's own {@code taper-*} threads don't. When the program (or {@code --jfr}) started
 * the recorder, its threads are the program's JVM's and are profiled as before. No Flight Recorder types here:
 * every thread's first call asks, and must not load the recorder.
 */
final class RecorderThreads {

    private static volatile boolean tapers;

    private RecorderThreads() {
    }

    /** Taper is starting the recorder: it was not running before. */
    static void startedByTaper() {
        tapers = true;
    }

    /** True if the thread is one of the recorder's and Taper started the recorder. */
    static boolean isTapers(Thread t) {
        return tapers && t.getName().startsWith("JFR ");
    }
}
