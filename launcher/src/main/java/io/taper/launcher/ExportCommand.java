package io.taper.launcher;

import io.taper.launcher.coverage.CoverageReport;
import io.taper.launcher.coverage.LcovReport;
import io.taper.launcher.merge.MergeException;
import io.taper.launcher.merge.MergeInput;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./taper export}: a result in another tool's format. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Writes a result in another tool's format: csv (any analysis: one line per row,",
            "one column per key) or lcov (coverage: an LCOV tracefile, as lcov, genhtml and",
            "Codecov read). IN is a run directory (of taper run or taper merge, or a JVM's",
            "jvm-PID of taper agent) or a result.json. Exit code: 0 written, 2 if IN cannot be",
            "read or the format is not the analysis's."},
        footer = {"", "Example:",
            "  ./taper export cov --format lcov --out coverage.info"})
public final class ExportCommand implements Callable<Integer> {

    /** The formats, and the analysis each is for (null: any). */
    enum Format {
        CSV(null), LCOV(CoverageReport.ANALYSIS);

        final String analysis;

        Format(String analysis) {
            this.analysis = analysis;
        }
    }

    @Parameters(index = "0", paramLabel = "IN", description = "A run directory or result.json.")
    Path in;

    @Option(names = "--format", paramLabel = "FORMAT", required = true, converter = FormatOption.class,
            description = "csv or lcov.")
    Format format;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "The file to write.")
    Path out;

    @Option(names = "--sources", paramLabel = "DIR", split = ",",
            description = "lcov: source folders that name files by their path there. Default: the run's --sources.")
    List<Path> sources = new ArrayList<>();

    private final PrintStream err;

    public ExportCommand() {
        this(System.err);
    }

    ExportCommand(PrintStream err) {
        this.err = err;
    }

    static final class FormatOption implements picocli.CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            try {
                return Format.valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not csv or lcov");
            }
        }
    }

    @Override
    public Integer call() {
        try {
            MergeInput result = MergeInput.read(in);
            if (format.analysis != null && !format.analysis.equals(result.analysis())) {
                err.println("taper export: " + format.name().toLowerCase(Locale.ROOT) + " is " + format.analysis
                    + "'s format; " + result.source() + " is a " + result.analysis() + " result (csv fits any)");
                return 2;
            }
            Path tmp = out.toAbsolutePath().resolveSibling(out.getFileName() + ".tmp");
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                if (format == Format.CSV) {
                    RowsCsv.write(result.rows(), w);
                } else {
                    List<Path> roots = sources.isEmpty() ? CoverageReport.sources(result.result()) : sources;
                    LcovReport.write(CoverageReport.analyse(result.result(), result.dir()).bundle(), roots, w);
                }
            }
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return 0;
        } catch (MergeException e) {
            err.println("taper export: " + e.getMessage());
            return 2;
        } catch (IOException | RuntimeException e) {
            err.println("taper export: cannot write " + out + ": " + e.getMessage());
            return 2;
        }
    }
}
