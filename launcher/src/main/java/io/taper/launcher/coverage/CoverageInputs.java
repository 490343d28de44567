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

    static boolean isRunDir(Path p) {
        return Files.isDirectory(p) && Files.isRegularFile(p.resolve(CoverageReport.EXEC));
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
            if (isRunDir(p) && Files.isDirectory(kept)) {
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
