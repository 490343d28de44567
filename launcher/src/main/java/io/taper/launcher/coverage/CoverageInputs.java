package io.taper.launcher.coverage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the coverage commands take: a Taper run's output directory (its {@code jacoco.exec} and the class files it
 * kept), a JaCoCo {@code .exec} file, or (for {@code coverage-diff}) a JaCoCo XML report.
 */
final class CoverageInputs {

    private CoverageInputs() {
    }

    /** The agent's own results file in a JVM's directory ({@code taper agent}: no launcher made the .exec). */
    static final String AGENT_RESULT = "agent-result.json";

    static boolean isRunDir(Path p) {
        return Files.isDirectory(p) && (Files.isRegularFile(p.resolve(CoverageReport.EXEC))
            || Files.isRegularFile(p.resolve(AGENT_RESULT)));
    }

    /**
     * The execution data of the inputs, merged: a run directory's {@code jacoco.exec}, or the rows of its
     * {@code agent-result.json}; an {@code .exec} file as it is.
     */
    static ExecData load(List<Path> inputs) throws IOException {
        List<Path> execs = new ArrayList<>();
        List<ExecData> agents = new ArrayList<>();
        for (Path p : inputs) {
            if (Files.isDirectory(p) && !Files.isRegularFile(p.resolve(CoverageReport.EXEC))
                && Files.isRegularFile(p.resolve(AGENT_RESULT))) {
                agents.add(agentResult(p));
            } else {
                execs.add(exec(p));
            }
        }
        ExecData data = ExecData.load(execs);
        agents.forEach(data::add);
        return data;
    }

    /** One JVM's rows as a session of their own, named after its directory. */
    @SuppressWarnings("unchecked")
    private static ExecData agentResult(Path dir) throws IOException {
        Path file = dir.resolve(AGENT_RESULT);
        java.util.Map<String, Object> r;
        try {
            r = new com.google.gson.Gson().fromJson(Files.readString(file), java.util.Map.class);
        } catch (com.google.gson.JsonParseException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
        if (r == null || !CoverageReport.ANALYSIS.equals(r.get("analysis")) || !(r.get("rows") instanceof List<?>)) {
            throw new IOException(file + ": not a coverage run's result");
        }
        long at = r.get("snapshot") instanceof java.util.Map<?, ?> s && s.get("writtenAtEpochMillis") instanceof Number n
            ? n.longValue() : Files.getLastModifiedTime(file).toMillis();
        return ExecData.fromRows((List<java.util.Map<String, Object>>) r.get("rows"), "taper-" + dir.getFileName(), at, at);
    }

    static boolean isXml(Path p) {
        return Files.isRegularFile(p) && p.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".xml");
    }

    /** The {@code .exec} file of an input. */
    static Path exec(Path p) throws IOException {
        if (isRunDir(p)) {
            return p.resolve(CoverageReport.EXEC);
        }
        if (Files.isDirectory(p)) {
            throw new IOException(p + ": not a Taper coverage run's output (no " + CoverageReport.EXEC + ")");
        }
        if (!Files.isRegularFile(p)) {
            throw new IOException(p + ": no such file or directory");
        }
        return p;
    }

    /** The class files to analyse against: those given, else the kept ones of every run directory among the inputs. */
    static List<Path> classes(List<Path> inputs, List<Path> given) throws IOException {
        if (!given.isEmpty()) {
            return given;
        }
        List<Path> out = new ArrayList<>();
        for (Path p : inputs) {
            Path kept = p.resolve(CoverageReport.CLASSES);
            if (isRunDir(p) && Files.isRegularFile(kept)) {
                out.add(kept);
            }
        }
        if (out.isEmpty()) {
            throw new IOException("no class files to analyse the execution data against: give --classes, or a Taper run's"
                + " output directory");
        }
        return out;
    }
}
