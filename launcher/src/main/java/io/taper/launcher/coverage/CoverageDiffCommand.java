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

/** {@code ./taper coverage-diff A B}: where two coverage results disagree, read with JaCoCo's library. */
@Command(name = "coverage-diff", mixinStandardHelpOptions = true,
        description = {"Lists the classes and source lines whose coverage differs between A and B: classes whose",
            "covered instructions or branches differ, lines covered in one and not the other or with other covered",
            "branches. A and B are a Taper coverage run's output directory, a JaCoCo .exec file (analysed against",
            "--classes, or the class files a Taper run among A and B kept), or a JaCoCo XML report.",
            "Exit code: 0 if they agree, 1 if they differ, 2 if one cannot be read."},
        footer = {"", "Example:",
            "  ./taper coverage-diff taper-out jacoco.exec"})
public final class CoverageDiffCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "A Taper run's output directory, a .exec or an XML report.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The same kinds as A.")
    Path b;

    @Option(names = "--classes", paramLabel = "PATH", split = ",",
            description = "Class files (directories or jars) to analyse .exec files against.")
    List<Path> classes = new ArrayList<>();

    @Option(names = "--max", paramLabel = "N", defaultValue = "50",
            description = "Differences of each kind to list. Default: ${DEFAULT-VALUE}.")
    int max;

    @Option(names = "--json", description = "Print the comparison as one JSON object (counts and the first --max"
            + " differences of each kind) instead of lines.")
    boolean json;

    private final PrintStream out;
    private final PrintStream err;

    public CoverageDiffCommand() {
        this(System.out, System.err);
    }

    /** Writes to these streams instead of System.out and System.err (for tests and embedding). */
    public CoverageDiffCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        CoverageDiff diff;
        try {
            List<Path> inputs = List.of(a, b);
            diff = CoverageDiff.of(model(a, inputs), model(b, inputs));
        } catch (IOException | RuntimeException e) {
            err.println("taper coverage-diff: " + e.getMessage());
            return 2;
        }
        if (json) {
            java.util.Map<String, Object> m = new java.util.LinkedHashMap<>(diff.toMap());
            m.put(io.taper.result.ResultKeys.CoverageDiff.CLASSES, diff.classes.stream().limit(max).map(Object::toString).toList());
            m.put(io.taper.result.ResultKeys.CoverageDiff.LINES, diff.lines.stream().limit(max).map(Object::toString).toList());
            out.println(new com.google.gson.Gson().toJson(m));
            return diff.identical() ? 0 : 1;
        }
        for (String line : diff.describe(max)) {
            out.println(line);
        }
        out.printf("%d classes and %d lines compared: %d classes and %d lines differ%n", diff.classesCompared,
            diff.linesCompared, diff.classes.size(), diff.lines.size());
        return diff.identical() ? 0 : 1;
    }

    private CoverageModel model(Path p, List<Path> inputs) throws IOException {
        if (CoverageInputs.isXml(p)) {
            return CoverageModel.ofXml(p);
        }
        ExecData data = CoverageInputs.load(List.of(p));
        return CoverageModel.of(CoverageBundle.analyse(data, CoverageInputs.classes(inputs, classes), p.toString()).bundle());
    }
}
