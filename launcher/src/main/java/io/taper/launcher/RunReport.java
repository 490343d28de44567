package io.taper.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * What an analysis prints and writes after its run (e.g. SFA's Table 1 and summary.md, method-time's
 * top-30 table and flame graph), from the merged result.json.
 */
public interface RunReport {

    /** The analysis name this report is for (as in analysis.properties). */
    String analysis();

    /**
     * @param result  the merged result.json as parsed JSON (rows, summary, stats, launch)
     * @param out     the run's output directory (write extra files here)
     * @param console where to print (the launcher's stderr, so program output stays clean)
     */
    void write(Map<String, Object> result, Path out, PrintStream console) throws Exception;

    /** With {@code --no-reports}: only the data files other tools read (none unless the analysis has some). */
    default void writeData(Map<String, Object> result, Path out) throws Exception {
    }
}
