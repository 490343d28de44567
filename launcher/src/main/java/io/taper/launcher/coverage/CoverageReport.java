package io.taper.launcher.coverage;

import io.taper.launcher.RunReport;
import io.taper.result.ResultKeys.Launch;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * After a coverage run: JaCoCo's {@code .exec} ({@value #EXEC}), XML ({@value #XML}) and HTML ({@value #HTML}/)
 * reports, analysed against the original class files the server kept ({@value #CLASSES}/) or the ones given with
 * {@code --classes}, with source lines from {@code --sources}; the totals on the console.
 */
public final class CoverageReport implements RunReport {

    public static final String ANALYSIS = "coverage";
    public static final String EXEC = "jacoco.exec";
    public static final String XML = "coverage.xml";
    public static final String HTML = "coverage-html";
    /** Where the server keeps the original class files of the classes it wove (the transform's directory). */
    public static final String CLASSES = io.taper.result.ResultKeys.CoverageRow.CLASSES_JAR;
    /** Launch keys of {@code --sources} and {@code --classes}. */
    public static final String LAUNCH_SOURCES = "coverageSources";
    public static final String LAUNCH_CLASSES = "coverageClasses";

    @Override
    public String analysis() {
        return ANALYSIS;
    }

    @Override
    public void writeData(Map<String, Object> result, Path out) throws Exception {
        execData(result).write(out.resolve(EXEC));
    }

    @SuppressWarnings("unchecked")
    private static ExecData execData(Map<String, Object> result) {
        Object rows = result.get("rows");
        Map<String, Object> launch = launch(result);
        long end = launch.get(Launch.ENDED_AT_EPOCH_MILLIS) instanceof Number n ? n.longValue() : System.currentTimeMillis();
        long wall = result.get("stats") instanceof Map<?, ?> s && s.get("wallMillis") instanceof Number w ? w.longValue() : 0;
        String session = "taper-" + (launch.get(Launch.OBSERVED_PID) instanceof Number p ? p.longValue() : 0);
        return ExecData.fromRows(rows instanceof List<?> l ? (List<Map<String, Object>>) l : List.of(), session, end - wall, end);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> launch(Map<String, Object> result) {
        return result.get("launch") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /**
     * A coverage result analysed against its class files: those the run was given ({@code --classes}), else the ones
     * kept in its directory {@code out}.
     */
    public static CoverageBundle analyse(Map<String, Object> result, Path out) throws java.io.IOException {
        return analyse(result, execData(result), out);
    }

    /** The source folders the run was given ({@code --sources}). */
    public static List<Path> sources(Map<String, Object> result) {
        return paths(launch(result).get(LAUNCH_SOURCES));
    }

    private static CoverageBundle analyse(Map<String, Object> result, ExecData data, Path out)
            throws java.io.IOException {
        List<Path> classes = paths(launch(result).get(LAUNCH_CLASSES));
        if (classes.isEmpty() && java.nio.file.Files.isRegularFile(out.resolve(CLASSES))) {
            classes = List.of(out.resolve(CLASSES));   // none when no class was woven: an empty report
        }
        String title = out.toAbsolutePath().normalize().getFileName() == null ? "coverage"
            : out.toAbsolutePath().normalize().getFileName().toString();
        return CoverageBundle.analyse(data, classes, title);
    }

    @Override
    public void write(Map<String, Object> result, Path out, PrintStream console) throws Exception {
        ExecData data = execData(result);
        data.write(out.resolve(EXEC));
        List<Path> sources = sources(result);
        CoverageBundle bundle = analyse(result, data, out);
        bundle.writeReports(out.resolve(XML), out.resolve(HTML), sources);
        console.printf("[taper] coverage: %s%n", bundle.summary());
        console.printf("[taper] coverage reports: %s, %s, %s%n", out.resolve(EXEC), out.resolve(XML),
            out.resolve(HTML).resolve("index.html"));
    }

    private static List<Path> paths(Object list) {
        List<Path> out = new ArrayList<>();
        if (list instanceof List<?> l) {
            for (Object o : l) {
                out.add(Path.of(String.valueOf(o)));
            }
        }
        return out;
    }
}
