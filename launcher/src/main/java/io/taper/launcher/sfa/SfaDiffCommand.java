package io.taper.launcher.sfa;

import java.io.IOException;
import io.taper.result.ResultFile;
import io.taper.result.SfaRow;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code ./taper sfa-diff A B}: which fields two SFA results disagree on. */
@Command(name = "sfa-diff", mixinStandardHelpOptions = true,
        description = {"Lists the fields two SFA results disagree on: first the changes (fields both runs reached,",
            "with another verdict or category: defects between a fixed and an adaptive run unless explained), then",
            "coverage (fields only one run reached). A and B are result.json files or run directories holding one.",
            "Exit code: 0 if the results agree (with --changes-only: if no field changed), 1 if they differ,",
            "2 if a result cannot be read."},
        footer = {"", "Example:",
            "  ./taper sfa-diff out-fixed out-adaptive"})
public final class SfaDiffCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "The first result (result.json or its directory).")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The second result.")
    Path b;

    @picocli.CommandLine.Option(names = "--changes-only",
            description = "Exit 0 when only coverage differs (fields one run did not reach), 1 only for changes.")
    boolean changesOnly;

    private final PrintStream out;
    private final PrintStream err;

    public SfaDiffCommand() {
        this(System.out, System.err);
    }

    /** Writes to these streams instead of System.out and System.err (for tests and embedding). */
    public SfaDiffCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        List<SfaRow> fa;
        List<SfaRow> fb;
        try {
            fa = rows(a);
            fb = rows(b);
        } catch (IllegalArgumentException e) {
            err.println("taper sfa-diff: " + e.getMessage());
            return 2;
        }
        out.println("A: " + a + " (" + fa.size() + " fields)");
        out.println("B: " + b + " (" + fb.size() + " fields)");
        SfaDiff diff = SfaDiff.of(fa, fb);
        for (String line : diff.lines()) {
            out.println(line);
        }
        if (changesOnly) {
            return diff.hasChanges() ? 1 : 0;
        }
        return diff.isEmpty() ? 0 : 1;
    }

    private static List<SfaRow> rows(Path result) {
        try {
            return ResultFile.read(result).sfaRows();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + result + ": " + e.getMessage(), e);
        }
    }
}
