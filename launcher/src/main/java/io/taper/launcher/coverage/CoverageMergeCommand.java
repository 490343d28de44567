package io.taper.launcher.coverage;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./taper coverage-merge}: several runs' execution data into one {@code .exec}, as JaCoCo's merge does. */
@Command(name = "coverage-merge", mixinStandardHelpOptions = true,
        description = {"Merges the execution data of several coverage runs (Taper run output directories or JaCoCo",
            ".exec files, e.g. one per forked test JVM) into one JaCoCo .exec file: a probe is covered if it is in any",
            "of them. With --xml or --html, also writes the merged report (see coverage-report)."},
        footer = {"", "Example:",
            "  ./taper coverage-merge --out merged.exec target/taper/*",
            "  ./taper coverage-merge --out merged.exec --classes target/classes --html report target/taper/*"})
public final class CoverageMergeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "IN", arity = "1..*",
            description = "Run output directories (of taper run, or a JVM's jvm-PID of taper agent) or .exec files.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "The merged .exec file.")
    Path outFile;

    @Option(names = "--classes", paramLabel = "PATH", split = ",",
            description = "Class files for the report. Default: the class files the input runs kept.")
    List<Path> classes = new ArrayList<>();

    @Option(names = "--sources", paramLabel = "DIR", split = ",", description = "Source folders for the HTML report.")
    List<Path> sources = new ArrayList<>();

    @Option(names = "--xml", paramLabel = "FILE", description = "Also write the merged XML report here.")
    Path xml;

    @Option(names = "--html", paramLabel = "DIR", description = "Also write the merged HTML report here.")
    Path html;

    private final PrintStream out;
    private final PrintStream err;

    public CoverageMergeCommand() {
        this(System.out, System.err);
    }

    public CoverageMergeCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        try {
            ExecData data = CoverageInputs.load(inputs);
            data.write(outFile);
            out.printf("merged %d inputs (%d classes) into %s%n", inputs.size(), data.store().getContents().size(), outFile);
            if (xml != null || html != null) {
                CoverageBundle bundle = CoverageBundle.analyse(data, CoverageInputs.classes(inputs, classes), "merged");
                bundle.writeReports(xml, html, sources);
                out.println("coverage: " + bundle.summary());
            }
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("taper coverage-merge: " + e.getMessage());
            return 2;
        }
    }
}
